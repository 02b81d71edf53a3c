package study

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexforge/hexforge/report"
)

// ChoicesShown is how many actions the table shows: the ones most
// clearly taken at different rates; JSON and CSV hold every one.
const ChoicesShown = 20

// Write renders the second opinion in format (table, markdown or json).
func (c *Choices) Write(w io.Writer, format report.Format) error {
	switch format {
	case report.JSON:
		return writeJSON(w, c)
	}
	partial := ""
	if c.Partial {
		partial = " [PARTIAL: stopped early]"
	}
	fmt.Fprintf(w, "%s's decisions, played by %s on both seats, %d games against each of %s (seed %d);\n%s asked at each decision with a choice%s\n",
		c.Army, c.Player, c.Games, strings.Join(c.Opponents, ", "), c.Seed, c.Asked, partial)
	fmt.Fprintf(w, "%d decisions: %s picks the very action in %s, one in the same words in %s\n\n",
		c.Decisions, c.Asked, shareCell(c.Same), shareCell(c.SameWords))
	fmt.Fprintf(w, "player: %s; asked: %s; took: of the decisions in which the action was legal;\ndifference: the asked player's share less the player's, in points, 95%% interval over\nseat-swapped pairs; * significant after Holm's correction over the %d actions\n", c.Player, c.Asked, len(c.Actions))
	rows := [][]string{}
	for i, a := range c.Actions {
		if i == ChoicesShown {
			break
		}
		star := ""
		if a.Significant {
			star = " *"
		}
		rows = append(rows, []string{a.Action, strconv.Itoa(a.Offered), takenCell(a.ByPlayer, a.Offered), takenCell(a.ByAsked, a.Offered),
			changeCell(a.Diff, a.Interval) + star})
	}
	cols := report.Heads("action", "offered", "player took", "asked took", "difference")
	if err := report.WriteTable(w, format, cols, rows); err != nil {
		return err
	}
	if n := len(c.Actions) - ChoicesShown; n > 0 {
		fmt.Fprintf(w, "(%d more actions, none shown more clearly different: --format json lists them)\n", n)
	}
	return nil
}

func shareCell(r ChoiceRate) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*r.Rate, 100*r.Interval[0], 100*r.Interval[1])
}

func takenCell(n, of int) string {
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(max(1, of)))
}
