package compiler

import (
	"strings"
	"testing"

	"github.com/hexforge/hexforge/rules"
)

const structureSrc = `army "Tiny" {
    size 2
    hq "HQ" { edge all: melee 1 }
    warrior "Picket" {
        count 2
        initiative 1
        edge N: melee 1
    }
    structure "Fort" {
        alias "Bunker"
        notes "Heavy, rotating, boarding, with a sniper."
        part "Gun" {
            initiative 2
            edge N: ranged 1 aimed
            trait heavy, rotation
        }
        part "Hatch" {
            initiative 3
            toughness 2
            edge N: melee 1
            on placed: battle
        }
    }
}
`

// TestStructureTables: a structure block is two tokens of the army with no
// count, each with its own tables (the standing traits of either on both),
// and one Structure naming them as mates.
func TestStructureTables(t *testing.T) {
	res := CompileSource("in.army", []byte(structureSrc))
	if res.Diags.HasErrors() {
		t.Fatalf("compile: %v", res.Diags)
	}
	a := res.Armies[0]
	if len(a.Structures) != 1 {
		t.Fatalf("structures = %d, want 1", len(a.Structures))
	}
	st := a.Structures[0]
	gun, hatch := &a.Tokens[st.Parts[0]], &a.Tokens[st.Parts[1]]
	if st.Name != "Fort" || gun.Name != "Gun" || hatch.Name != "Hatch" || st.Notes != "Heavy, rotating, boarding, with a sniper." || len(st.Aliases) != 1 || st.Aliases[0] != "Bunker" {
		t.Fatalf("structure %+v, parts %q %q", st, gun.Name, hatch.Name)
	}
	if gun.Count != 0 || hatch.Count != 0 || a.Total() != 3 {
		t.Errorf("parts must not be drawn: counts %d %d, army total %d", gun.Count, hatch.Count, a.Total())
	}
	if !gun.Traits.Has(rules.Heavy) || !gun.Traits.Has(rules.Rotation) || gun.Edges[rules.N].Flags&rules.RangedAimed == 0 {
		t.Errorf("gun tables: traits %v, edge N %+v", gun.Traits, gun.Edges[rules.N])
	}
	if hatch.Traits != gun.Traits {
		t.Errorf("the traits of one part are the whole Structure's: gun %v, hatch %v", gun.Traits, hatch.Traits)
	}
	if hatch.Toughness != 2 || hatch.Initiative[0] != 3 || len(hatch.Triggers) != 1 || hatch.Triggers[0].Event != rules.OnPlaced || hatch.Triggers[0].Actions[0].Op != rules.ActBattle {
		t.Errorf("hatch tables: %+v", hatch)
	}
	if a.Mate(st.Parts[0]) != st.Parts[1] || a.Mate(st.Parts[1]) != st.Parts[0] || a.Mate(a.HQ) != -1 {
		t.Errorf("Mate: %d %d %d", a.Mate(st.Parts[0]), a.Mate(st.Parts[1]), a.Mate(a.HQ))
	}
}

// TestStructureAliasClaimsName: a structure's alias is a name of the army,
// so it may not be a token's name.
func TestStructureAliasClaimsName(t *testing.T) {
	src := strings.Replace(structureSrc, `alias "Bunker"`, `alias "Picket"`, 1)
	res := CompileSource("in.army", []byte(src))
	if !res.Diags.HasErrors() || !strings.Contains(res.Diags.Error(), `structure alias name "Picket" is already used by token "Picket"`) {
		t.Errorf("an alias naming a token: %v", res.Diags)
	}
}

// TestVariantStructures: a variant keeps the base's structures, adds those
// of new names, replaces one of the same name whole, removes one by name,
// and cannot turn a structure into a token or back.
func TestVariantStructures(t *testing.T) {
	files := map[string]string{"base": structureSrc}
	compile := func(body string) Result {
		src := "army \"Variant\" extends \"base\" {\n" + body + "\n}\n"
		return CompileWith("variant.army", []byte(src), Options{Resolve: memResolver(files)})
	}
	names := func(res Result) (out []string) {
		for _, st := range res.Armies[0].Structures {
			out = append(out, st.Name+":"+res.Armies[0].Tokens[st.Parts[0]].Name)
		}
		return out
	}
	added := compile(`structure "Tower" { part "Base" { toughness 3 } part "Top" { initiative 2 } }`)
	if added.Diags.HasErrors() || strings.Join(names(added), ",") != "Fort:Gun,Tower:Base" {
		t.Errorf("a new structure: %v %v", names(added), added.Diags)
	}
	replaced := compile(`structure "Fort" { part "Cannon" { initiative 1 } part "Door" { initiative 1 } }`)
	if replaced.Diags.HasErrors() || strings.Join(names(replaced), ",") != "Fort:Cannon" {
		t.Errorf("a structure of the base's name: %v %v", names(replaced), replaced.Diags)
	}
	removed := compile(`remove "Fort"`)
	if removed.Diags.HasErrors() || len(removed.Armies[0].Structures) != 0 || removed.Armies[0].Lookup("Gun") >= 0 {
		t.Errorf("remove \"Fort\": %v %v", names(removed), removed.Diags)
	}
	for _, body := range []string{`warrior "Fort" { initiative 1 }`, `structure "Picket" { part "P1" { initiative 1 } part "P2" { initiative 1 } }`} {
		if res := compile(body); !res.Diags.HasErrors() || !strings.Contains(res.Diags.Error(), "a variant cannot make it") {
			t.Errorf("%s: %v", body, res.Diags)
		}
	}
}
