package workbench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// serving starts b.Serve on a free loopback port for the test and returns
// the address; the bench's file is a copy of testdata/clean.army.
func serving(t *testing.T, b *Bench) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return ln.Addr().String()
}

func benchFile(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("testdata/clean.army")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "mine.army")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// getHost asks addr for path with the given Host header.
func getHost(t *testing.T, addr, host, path string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", "http://"+addr+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return resp.StatusCode, ""
	}
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestServeRefusesForeignHost: a page that rebinds its own domain name to
// 127.0.0.1 sends that name as Host; the workbench refuses it on every
// path, and answers the names of this machine.
func TestServeRefusesForeignHost(t *testing.T) {
	b := NewBench(benchFile(t), &Quick{})
	b.Hosts = []string{"workbench.lan"}
	addr := serving(t, b)
	_, port, _ := net.SplitHostPort(addr)
	for _, tc := range []struct {
		host string
		want int
	}{
		{"evil.example:" + port, http.StatusMisdirectedRequest},
		{"evil.example", http.StatusMisdirectedRequest},
		{"127.0.0.1.evil.example:" + port, http.StatusMisdirectedRequest},
		{"localhost.evil.example", http.StatusMisdirectedRequest},
		{"10.1.2.3:" + port, http.StatusMisdirectedRequest}, // not this connection's address
		{"127.0.0.1:" + port, http.StatusOK},
		{"localhost:" + port, http.StatusOK},
		{"LOCALHOST", http.StatusOK},
		{"[::1]:" + port, http.StatusOK},
		{"workbench.lan:" + port, http.StatusOK},
	} {
		for _, path := range []string{"/", "/state", "/card", "/events"} {
			code, body := getHost(t, addr, tc.host, path)
			if code != tc.want {
				t.Errorf("Host %q %s: status %d, want %d", tc.host, path, code, tc.want)
			}
			if code != http.StatusOK && strings.Contains(body, "mine.army") {
				t.Errorf("Host %q %s: the refusal shows the state: %s", tc.host, path, body)
			}
		}
	}
}

// TestServeClosesIdleConnections: 200 connections that send nothing, or
// one request and then nothing, are all closed by the server within its
// read and idle timeouts, while an event stream, whose request was read
// long ago, stays open past them.
func TestServeClosesIdleConnections(t *testing.T) {
	const timeout = 200 * time.Millisecond
	file := benchFile(t)
	b := NewBench(file, &Quick{})
	b.ReadTimeout, b.IdleTimeout = timeout, timeout
	addr := serving(t, b)

	resp, err := http.Get("http://" + addr + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- v
			}
		}
		close(events)
	}()
	<-events // the stream's first event

	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := range 200 {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if i%2 == 1 { // one kept-alive request, then silence
			fmt.Fprintf(conn, "GET /state HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn.SetReadDeadline(time.Now().Add(20 * time.Second))
			_, err := io.Copy(io.Discard, conn)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				errs <- fmt.Errorf("connection %d still open after 20 s", i)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	t.Logf("200 idle connections closed in %v", time.Since(start))

	// The stream outlived the timeouts: a save still reaches it.
	for len(events) > 0 {
		if _, ok := <-events; !ok {
			t.Fatal("the event stream was closed by the read timeout")
		}
	}
	if err := os.WriteFile(file, []byte("army \"Broken\" {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case _, ok := <-events:
		if !ok {
			t.Fatal("the event stream was closed by the read timeout")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event after a save")
	}
}

// TestServeCapsEventListeners: past MaxEvents open streams a page is told
// to come back later; a closed stream frees its place.
func TestServeCapsEventListeners(t *testing.T) {
	b := NewBench(benchFile(t), &Quick{})
	b.MaxEvents = 3
	addr := serving(t, b)
	open := func() *http.Response {
		t.Helper()
		resp, err := http.Get("http://" + addr + "/events")
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	var streams []*http.Response
	for range 3 {
		r := open()
		if r.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: status %d", len(streams)+1, r.StatusCode)
		}
		streams = append(streams, r)
	}
	defer func() {
		for _, r := range streams {
			r.Body.Close()
		}
	}()
	over := open()
	over.Body.Close()
	if over.StatusCode != http.StatusServiceUnavailable || over.Header.Get("Retry-After") == "" {
		t.Errorf("a 4th stream: status %d, Retry-After %q; want 503 with Retry-After", over.StatusCode, over.Header.Get("Retry-After"))
	}
	streams[0].Body.Close()
	streams = streams[1:]
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := open()
		if r.StatusCode == http.StatusOK {
			streams = append(streams, r)
			break
		}
		r.Body.Close()
		if time.Now().After(deadline) {
			t.Fatal("a closed stream never freed its place")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
