package main

import (
	"bytes"
	"io"
	"strings"

	"github.com/hexforge/hexforge/report"
	"github.com/hexforge/hexforge/sim"
	"github.com/hexforge/hexforge/textfile"
)

// writeReport writes to --out atomically (textfile.WriteAtomic) or to
// stdout.
func writeReport(stdout io.Writer, out string, write func(io.Writer) error) error {
	if out == "" {
		return write(stdout)
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return textfile.WriteAtomic(out, buf.Bytes())
}

// csvSibling is the file beside a CSV report that holds another of its
// tables: rr.csv gives rr-tokens.csv. CSV is one table per file, so a
// report of several tables writes several files.
func csvSibling(out, table string) string {
	return strings.TrimSuffix(out, ".csv") + "-" + table + ".csv"
}

// writeCSVTables writes the tables of a match or round-robin report that
// follow its matchups (the per-token figures, and a round robin's ratings)
// to files beside --out. Standard output holds one table: the matchups.
func writeCSVTables(stdout io.Writer, out string, sums []*sim.Summary, rr *sim.RoundRobin) error {
	if out == "" {
		return nil
	}
	if err := writeReport(stdout, csvSibling(out, "tokens"), func(w io.Writer) error { return report.WriteTokensCSV(w, sums) }); err != nil {
		return err
	}
	if rr == nil {
		return nil
	}
	if _, err := rr.Ratings(); err != nil {
		return nil // no decided pairs yet: no ratings, as in the table
	}
	return writeReport(stdout, csvSibling(out, "ratings"), func(w io.Writer) error { return report.WriteRatingsCSV(w, rr) })
}
