package report

import (
	"fmt"
	"strconv"

	"github.com/hexforge/hexforge/sim"
)

// The per-token figures of a multiplayer run (sim.MultiReport.Tokens): for
// each army, over every seat it played, what the two-player report's token
// tables say, in two tables that each fit 80 columns (a token's name is
// cut at tokenWidth): its tokens in play, and what its tokens' steps did.

// tokenWidth is the most columns a token's name takes in these tables.
const tokenWidth = 18

// tokenTable is one table of an army's per-token figures.
type tokenTable struct {
	title  string
	header []string
	rows   [][]string
}

// tokenLegend says what the headers of the tables mean.
const tokenLegend = "Tokens: played in is the share of the army's games a copy was played in, share when played " +
	"its win share over those games (a shared win counts 1/k), survived the share of its played copies on the board " +
	"at the end. Per game of the army: wounds its steps gave enemy units, enemy units they killed " +
	"(destroyed or removed), wounds healed, tokens moved between piles, units its toughness bonus kept " +
	"alive, units moved to another hex, units turned on the spot, turns its statuses lasted."

// multiTokenTables are the token tables of every army of r that played:
// its tokens (copies, the share of its games a copy was played in, its win
// share over those games, battle wounds dealt a game, the share of played
// copies on the board at the end), and, when any of its tokens' steps did
// something, what they did per game.
func multiTokenTables(r *sim.MultiReport) []tokenTable {
	var out []tokenTable
	for a, toks := range r.Tokens {
		if a >= len(r.Armies) {
			break
		}
		name := r.Armies[a]
		for b := range a {
			if r.Armies[b] == name {
				name = fmt.Sprintf("%s (army %d)", name, a+1)
				break
			}
		}
		var rows, deeds [][]string
		games := 0
		for _, t := range toks {
			if t.Games == 0 {
				continue
			}
			games = t.Games
			per := func(n int) string { return fmt.Sprintf("%.2f", float64(n)/float64(t.Games)) }
			if t.Kind != "hq" { // the HQ starts on the board
				rows = append(rows, []string{cut(t.Name, tokenWidth), strconv.Itoa(t.Copies), pct(float64(t.PlayedIn) / float64(t.Games)),
					pct(t.WhenPlayed()), per(t.Dealt), pct(t.SurvivalRate())})
			}
			if t.Deeds() {
				deeds = append(deeds, []string{cut(t.Name, tokenWidth), per(t.StepWounds), per(t.StepRemoved), per(t.Healed),
					per(t.TokensMoved), per(t.KeptAlive), per(t.Moves), per(t.Rotations), per(t.StatusTurns)})
			}
		}
		if games == 0 {
			continue
		}
		out = append(out, tokenTable{fmt.Sprintf("%s's tokens over %d games", name, games),
			[]string{"token", "copies", "played in", "share when played", "dealt/game", "survived"}, rows})
		if len(deeds) > 0 {
			out = append(out, tokenTable{fmt.Sprintf("what %s's tokens' steps did, per game", name),
				[]string{"token", "wounds", "killed", "healed", "tokens", "kept", "moved", "turned", "status"}, deeds})
		}
	}
	return out
}

// cut shortens s to at most n runes, marking the cut with a tilde.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "~"
}
