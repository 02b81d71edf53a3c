package sim

import (
	"fmt"
	"strings"
)

// ParseTeams reads the teams of a teams game, A+B,C+D: each army of args
// in one team, by the name the command line gave it; empty means the first
// two against the last two.
func ParseTeams(s string, args []string) ([2][]int, error) {
	if s == "" {
		return [2][]int{{0, 1}, {2, 3}}, nil
	}
	var teams [2][]int
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return teams, fmt.Errorf("want two teams separated by a comma, e.g. moloch+borgo,hegemony+outpost")
	}
	used := make([]bool, len(args))
	for t, part := range parts {
		names := strings.Split(part, "+")
		if len(names) != 2 {
			return teams, fmt.Errorf("team %q: want two armies joined by +", part)
		}
		for _, n := range names {
			found := false
			for i, a := range args {
				if !used[i] && strings.EqualFold(a, strings.TrimSpace(n)) {
					used[i], found = true, true
					teams[t] = append(teams[t], i)
					break
				}
			}
			if !found {
				return teams, fmt.Errorf("%q is not one of the armies given (%s), or is named twice", n, strings.Join(args, " "))
			}
		}
	}
	return teams, nil
}
