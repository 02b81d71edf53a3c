package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hexforge/hexforge/sim"
)

// Report is what a simulation run found, whatever its mode: one two-player
// match, a round robin of two-player matches, or a run of 3 or 4 seats
// (sim --mode). Exactly one of Match, RoundRobin and Multi is set. Write
// renders any of them in every format.
type Report struct {
	Match      *sim.Summary
	RoundRobin *sim.RoundRobin
	Multi      *sim.MultiReport
	// Command is the command line that produced the report, shown on the
	// HTML page so that the page can be reproduced ("" when not known).
	Command string
}

// Write writes r in format f: one writer per format, each for every mode.
func Write(w io.Writer, r Report, f Format) error {
	n := 0
	for _, set := range [...]bool{r.Match != nil, r.RoundRobin != nil, r.Multi != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return fmt.Errorf("internal error: a report of %d results, not one", n)
	}
	switch f {
	case JSON:
		return writeJSON(w, r)
	case CSV:
		return writeCSVReport(w, r)
	case HTML:
		return writeHTML(w, r)
	}
	return writeText(w, r, f)
}

// writeJSON writes everything the report holds, for programs and merge.
func writeJSON(w io.Writer, r Report) error {
	var v any
	switch {
	case r.Match != nil:
		v = jsonView(r.Match)
	case r.RoundRobin != nil:
		v = roundRobinJSON(r.RoundRobin)
	default:
		v = r.Multi
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeCSVReport writes the report's one tidy table: the matchups, or the
// shares of a multiplayer run. A two-player run's token and rating tables
// are tables of their own, for files beside it (WriteTokensCSV,
// WriteRatingsCSV).
func writeCSVReport(w io.Writer, r Report) error {
	switch {
	case r.Match != nil:
		return writeMatchCSV(w, r.Match)
	case r.RoundRobin != nil:
		return writeRoundRobinCSV(w, r.RoundRobin)
	}
	return writeMultiCSV(w, r.Multi)
}

// writeHTML writes the report as one self-contained page with plots.
func writeHTML(w io.Writer, r Report) error {
	switch {
	case r.Match != nil:
		return writeMatchHTML(w, r.Match, r.Command)
	case r.RoundRobin != nil:
		return writeRoundRobinHTML(w, r.RoundRobin, r.Command)
	}
	return writeMultiHTML(w, r.Multi, r.Command)
}

// writeText writes the report as terminal tables (fitted to the terminal,
// see WithWidth) or as Markdown.
func writeText(w io.Writer, r Report, f Format) error {
	switch {
	case r.Match != nil:
		return matchText(w, r.Match, f)
	case r.RoundRobin != nil:
		return roundRobinText(w, r.RoundRobin, f)
	}
	_, err := io.WriteString(w, multiText(r.Multi, f == Markdown, widthOf(w)))
	return err
}
