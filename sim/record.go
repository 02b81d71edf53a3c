package sim

import (
	"github.com/hexforge/hexforge/engine"
	"github.com/hexforge/hexforge/player"
)

// GameInfo says which game of a match is being played, for an Observer.
type GameInfo struct {
	Pair       int
	AFirst     bool           // army A has the first seat
	Seed       uint64         // the match's seed
	GameSeed   uint64         // the seed the game was set up with (engine.Game.Init)
	Players    [2]player.Spec // a multiplayer game: the first is every seat's
	MaxActions int            // 0: DefaultMaxActions
	Multi      *MultiGame     // a game of 3 or 4 players (MultiMatch), else nil
}

// MultiGame says which game of a multiplayer run is being played: its
// number, the run's number of seatings, by seat the army's index in the
// run, and the teams (by seat; teams mode, else nil).
type MultiGame struct {
	Game     int
	Seatings int
	Seating  []int
	Teams    []uint8
}

// Observer watches one game as it is played (a game trace): Begin once the
// decks are shuffled, before the first action, returning the Decider the
// game is to use (it may wrap dec to see the answers to rule questions);
// Action before each action is applied; End when the game is over or capped.
type Observer interface {
	Begin(g *engine.Game, info GameInfo, dec engine.Decider) engine.Decider
	Action(g *engine.Game, a engine.Action)
	End(g *engine.Game, capped bool)
}

// PlayObserved plays game (k, aFirst) of the match, the very game Run plays
// for it, with obs watching.
func (m *Match) PlayObserved(k int, aFirst bool, res *engine.Resolver, obs Observer) (GameRecord, error) {
	return m.play(k, aFirst, &worker{res: res, obs: obs})
}

// GameSeed is the seed game pair k of a match with seed seed is set up with.
func GameSeed(seed uint64, k int) uint64 { return pairSeed(seed, k) }

// ShuffleDecks orders the decks of a game just set up (engine.Game.Init)
// with gameSeed as the match's games are: each army draws the same tokens in
// the same order from either seat (aFirst: army A has the first seat).
func ShuffleDecks(g *engine.Game, gameSeed uint64, aFirst bool) {
	side := [2]int{0, 1} // side[seat] = 0 for army A, 1 for army B
	if !aFirst {
		side = [2]int{1, 0}
	}
	for seat := range 2 {
		shuffleDeck(g, seat, gameSeed^uint64(side[seat]+1)*0xa0761d6478bd642f)
	}
}
