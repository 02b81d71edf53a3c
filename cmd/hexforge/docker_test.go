package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDockerfile: there is no docker here, so the image is checked as
// text: a multi-stage build of ./cmd/hexforge, static (CGO off), with
// go.mod's Go, onto a distroless base whose entrypoint is the binary built.
func TestDockerfile(t *testing.T) {
	raw, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(raw)
	mod, _ := os.ReadFile("../../go.mod")
	goLine := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(string(mod))
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	froms := regexp.MustCompile(`(?m)^FROM (\S+)(?: AS (\S+))?$`).FindAllStringSubmatch(df, -1)
	if len(froms) != 2 {
		t.Fatalf("want a two-stage build, got FROM lines %v", froms)
	}
	if want := "golang:" + goLine[1]; froms[0][1] != want || froms[0][2] == "" {
		t.Errorf("build stage FROM %s, want a named stage on %s (go.mod's go line)", froms[0][1], want)
	}
	if !strings.HasPrefix(froms[1][1], "gcr.io/distroless/static") {
		t.Errorf("final stage FROM %s, want a distroless static base", froms[1][1])
	}
	build := regexp.MustCompile(`CGO_ENABLED=0 go build [^\n]*(?:\\\n[^\n]*)*-o (\S+) (\S+)`).FindStringSubmatch(df)
	if build == nil {
		t.Fatal("no static (CGO_ENABLED=0) go build ... -o OUT PKG")
	}
	if build[2] != "./cmd/hexforge" {
		t.Errorf("builds %s, want ./cmd/hexforge", build[2])
	}
	if _, err := os.Stat(filepath.Join("../..", build[2], "main.go")); err != nil {
		t.Errorf("the package built does not exist: %v", err)
	}
	copyLine := regexp.MustCompile(`(?m)^COPY --from=` + regexp.QuoteMeta(froms[0][2]) + ` (\S+) (\S+)$`).FindStringSubmatch(df)
	if copyLine == nil || copyLine[1] != build[1] {
		t.Fatalf("the final stage does not copy the binary built (%s): %v", build[1], copyLine)
	}
	if !strings.Contains(df, `ENTRYPOINT ["`+copyLine[2]+`"]`) {
		t.Errorf("the entrypoint is not the binary copied to %s", copyLine[2])
	}
	ignore, err := os.ReadFile("../../.dockerignore")
	if err != nil || !regexp.MustCompile(`(?m)^\.git$`).Match(ignore) {
		t.Errorf(".dockerignore missing or lets .git into the build context (%v)", err)
	}
}

// TestScalingDocsJob: docs/scaling.md builds its Job's image from the
// Dockerfile, runs no shell (distroless has none), and its arguments are a
// command hexforge accepts: run here with the games cut down.
func TestScalingDocsJob(t *testing.T) {
	raw, err := os.ReadFile("../../docs/scaling.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	if !strings.Contains(doc, "](../Dockerfile)") || !strings.Contains(doc, "docker build -t registry.example.org/hexforge:v1") {
		t.Error("docs/scaling.md does not link the Dockerfile and build the image from it")
	}
	job := regexp.MustCompile("(?s)```yaml\n(apiVersion: batch/v1.*?)```").FindStringSubmatch(doc)
	if job == nil {
		t.Fatal("no Kubernetes Job in docs/scaling.md")
	}
	if !strings.Contains(job[1], "image: registry.example.org/hexforge:v1") {
		t.Error("the Job does not run the image built from the Dockerfile")
	}
	if regexp.MustCompile(`command:|"sh"|bash`).MatchString(job[1]) {
		t.Error("the Job runs a shell or overrides the entrypoint: the distroless image has no shell")
	}
	argsBlock := regexp.MustCompile(`(?s)args:\n(.*?)\n        resources:`).FindStringSubmatch(job[1])
	if argsBlock == nil {
		t.Fatal("the Job has no args list")
	}
	var args []string
	out := filepath.Join(t.TempDir(), "shard.json")
	for _, l := range strings.Split(argsBlock[1], "\n") {
		a := strings.TrimPrefix(strings.TrimSpace(l), "- ")
		a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", "3")
		switch {
		case strings.HasPrefix(a, "--games="):
			a = "--games=128" // 64 shards of 2 pairs, so shard 3 plays a pair
		case strings.HasPrefix(a, "--out="):
			a = "--out=" + out
		}
		args = append(args, a)
	}
	if _, stderr, code := run(t, args...); code != 0 {
		t.Fatalf("the Job's command %v fails: exit %d\n%s", args, code, stderr)
	}
	if _, stderr, code := run(t, "merge", "--allow-partial", out); code != 0 {
		t.Errorf("its shard does not merge: %s", stderr)
	}
}
