package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteMulti writes a multiplayer report as a table or JSON.
func WriteMulti(w io.Writer, r *MultiReport, format string) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "table", "":
	default:
		return fmt.Errorf("a multiplayer report is written as table or json, not %q", format)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d armies, %d games (each of the %d seatings %d times), players %s, board %s, seed %d",
		r.Mode, len(r.Armies), r.Games, r.Seatings, r.Games/max(1, r.Seatings), r.Players, r.Board, r.Seed)
	if r.Partial {
		b.WriteString(" (partial)")
	}
	b.WriteString("\n\n")
	pct := func(s Share) string { return fmt.Sprintf("%5.1f%% [%4.1f, %4.1f]", 100*s.Share, 100*s.Lo, 100*s.Hi) }
	width := len("seat (all armies)")
	for _, a := range r.Armies {
		width = max(width, len(a))
	}
	fmt.Fprintf(&b, "%-*s  %-20s", width, "army", "win share [95%]")
	for s := range r.Seat {
		label := fmt.Sprintf("seat %d", s+1)
		if r.Mode == "one-vs-team" && s == 0 {
			label = "seat 1 (alone)"
		}
		fmt.Fprintf(&b, "  %-20s", label)
	}
	b.WriteByte('\n')
	for a, name := range r.Armies {
		fmt.Fprintf(&b, "%-*s  %-20s", width, name, pct(r.Army[a]))
		for s := range r.BySeat[a] {
			fmt.Fprintf(&b, "  %-20s", pct(r.BySeat[a][s]))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%-*s  %-20s", width, "seat (all armies)", "")
	for _, s := range r.Seat {
		fmt.Fprintf(&b, "  %-20s", pct(s))
	}
	b.WriteByte('\n')
	if len(r.Team) > 0 {
		b.WriteString("\nteam win share [95%]\n")
		for i, t := range r.Teams {
			fmt.Fprintf(&b, "  %-*s  %s\n", width, t, pct(r.Team[i]))
		}
	}
	fmt.Fprintf(&b, "\nshared wins: %d games; capped (no result, left out): %d; mean turns: %.1f\n", r.Shared, r.Capped, r.MeanTurn)
	b.WriteString("A shared win counts 1/k to each of its k winners; intervals are 95% normal intervals over the games.\n")
	_, err := io.WriteString(w, b.String())
	return err
}
