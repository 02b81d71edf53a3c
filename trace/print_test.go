package trace

import (
	"bytes"
	"strings"
	"testing"
)

// Every kind of line, printed in words: a hand-made trace, so that the test
// does not change when the engine or an army does.
func TestPrintEveryEvent(t *testing.T) {
	in := `{"e":"header","schema":1,"armies":[{"ref":"moloch","name":"Moloch"},{"ref":"borgo","name":"Borgo"}],"seed":7,"pair":0,"a_first":true,"game_seed":1,"players":["greedy","random"],"board":"standard","max_actions":4000,"decks":[[],[]]}
{"e":"act","p":1,"act":"place-hq","tok":"HQ","hex":"c3","dir":"N"}
{"e":"turn","p":1,"n":1}
{"e":"draw","p":1,"tok":"Scout"}
{"e":"discard","p":2,"tok":"Cerberus"}
{"e":"act","p":1,"act":"discard","tok":"Battle"}
{"e":"act","p":1,"act":"place","tok":"Scout","hex":"a3","dir":"NE"}
{"e":"act","p":2,"act":"instant","slot":1,"tok":"Move","hex":"c5","to":"b4","dir":"N"}
{"e":"act","p":2,"act":"ability","ab":"move","tok":"Assassin","hex":"a2","to":"a1","dir":"SE"}
{"e":"act","p":1,"act":"step","hex":"b2","dir":"N"}
{"e":"act","p":1,"act":"skip"}
{"e":"act","p":2,"act":"skip","tok":"Dywersant"}
{"e":"act","p":1,"act":"step","take":"Medic"}
{"e":"recover","p":1,"tok":"Medic","pile":"hand"}
{"e":"recover","p":2,"tok":"Claws","pile":"deck"}
{"e":"return","p":2,"tok":"Claws"}
{"e":"ask","p":2,"q":"hand-discard","opts":["- - N 0 Claws","- - N 1 Battle"],"pick":1}
{"e":"ask","p":1,"q":"look-order","opts":["- - N 4 Scout","- - N 9 Gauss Cannon"]}
{"e":"act","p":1,"act":"bad-draw"}
{"e":"ask","p":2,"q":"push-destination","opts":["a1 - N 0","b1 - N 0"],"pick":1}
{"e":"ask","p":1,"q":"explode","opts":["a2 - N 0","a2 - N 1"],"pick":1}
{"e":"ask","p":1,"q":"event-target","opts":["- - N 0","c2 c3 SE 0"],"pick":1}
{"e":"ask","p":2,"q":"medic-absorb","opts":["d1 d2 N 1","- - N 0"],"pick":1}
{"e":"move","p":2,"tok":"HQ","hex":"c5","to":"b4","dir":"N"}
{"e":"wound","p":2,"tok":"Claws","hex":"c4","n":1}
{"e":"wound","p":1,"tok":"Mine","hex":"c2","n":2,"ground":true}
{"e":"heal","p":1,"tok":"HQ","hex":"b3","n":2}
{"e":"remove","p":2,"tok":"Claws","hex":"c4"}
{"e":"battle","n":1}
{"e":"segment","init":4}
{"e":"segment","init":3}
{"e":"attacks","p":1,"tok":"Gunner","hex":"d3","agony":true}
{"e":"hit","p":1,"tok":"Gunner","hex":"d3","to":"b4","n":3,"ranged":true,"tp":2,"ttok":"HQ"}
{"e":"reflect","p":2,"tok":"Judge","hex":"c3","to":"c2","tp":1,"ttok":"Swarm"}
{"e":"absorb","p":1,"tok":"Medic","hex":"d1","to":"d2","n":1,"tp":1,"ttok":"Mother Module"}
{"e":"ability","p":1,"tok":"Clown","hex":"a3"}
{"e":"blast","p":1,"tok":"Clown","hex":"a3","to":"b3","n":1,"tp":2,"ttok":"Mutant"}
{"e":"convert","p":1,"tok":"Quartermaster","hex":"b2","to":"c2","ranged":true}
{"e":"destroyed","p":2,"tok":"Mutant","hex":"b3"}
{"e":"act","p":1,"act":"end-turn"}
{"e":"result","result":"player 1 wins"}
{"e":"final","result":"player 1 wins","turn":25,"battles":5,"hq":[11,6],"cells":["c3 P1 HQ N w9"],"hands":[["Armored Hunter"],[]],"digest":"00"}
`
	want := `player 1: Moloch (greedy)
player 2: Borgo (random)
seed 7, pair 0, game seed 1, standard board, trace schema 1
  P1 places the HQ on c3 facing N
-- turn 1: player 1
  P1 draws Scout
    P2 discards Cerberus
  P1 discards Battle
  P1 places Scout on a3 facing NE
  P2 plays Move: c5 -> b4 facing N
  P2: Assassin on a2 uses move: a2 -> a1 facing SE
  P1 next step: b2 facing N
  P1 skips the optional step
  P2 lets the moment of the leader Dywersant pass
  P1 next step: takes Medic
    P1 takes Medic back from the discard pile into the hand
    P2 takes Claws back from the discard pile onto the deck
    P2 shuffles Claws back into the deck
    P2 chooses which token of the hand to discard: Battle (2 of 2)
    P1 chooses which looked-at token goes on top of the deck next: Scout (1 of 2)
  P1 discards a hand of instants only and draws again
    P2 chooses where the pushed unit goes: b1 (2 of 2)
    P1 chooses whether to use the battle ability instead of attacking: yes (2 of 2)
    P1 chooses the target of a triggered step: c2 -> c3 facing SE (2 of 2)
    P2 chooses which attack the medic absorbs: none (2 of 2)
    P2 HQ moves from c5 to b4, facing N
    P2 Claws on c4 takes 1 wound
    P1 Mine (foundation) on c2 takes 2 wounds
    P1 HQ on b3 is healed of 2 wounds
    P2 Claws on c4 is removed
  battle 1
    initiative 3
      P1 Gunner on d3 attacks in agony
        ranged hits P2 HQ on b4: 3 wounds
        P2 Judge on c3 reflects the attack of P1 Swarm on c2
      medic P1 Medic on d1 absorbs 1 wound meant for P1 Mother Module on d2
      P1 Clown on a3 uses its ability instead of attacking
        blast hits P2 Mutant on b3: 1 wound
      P1 Quartermaster on b2 converts its attack towards c2 into a shot
      P2 Mutant on b3 is destroyed
  P1 ends the turn
game over: player 1 wins
final: player 1 wins after 25 turns and 5 battles; HQ 11-6
  player 1 holds: Armored Hunter
  player 2 holds: nothing
  c3 P1 HQ N w9
`
	tr, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Print(&out, tr); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("line %d:\n got  %q\n want %q", i+1, g, w)
			}
		}
	}
}

// A line is cut at Width columns, whatever the names in it.
func TestPrintWidth(t *testing.T) {
	long := strings.Repeat("Very Long Token Name ", 10)
	in := `{"e":"header","schema":1,"armies":[{"ref":"a","name":"A"},{"ref":"b","name":"B"}],"players":["greedy","greedy"],"board":"standard","decks":[[],[]]}
{"e":"draw","p":1,"tok":"` + long + `"}
`
	tr, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Print(&out, tr); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(out.String(), "\n") {
		if n := len([]rune(l)); n > Width {
			t.Errorf("%d columns: %q", n, l)
		}
	}
}
