#!/usr/bin/env python3
"""Keep official army and token names out of engine/ and compiler/.

The engine and the compiler are general: no ability may be a special case
named after a token, and armies/names_test.go checks that no official army
or token name (English or Polish, aliases included) appears as a word in any
file under engine/ or compiler/. Their tests use invented test armies; this
script renames what older tests borrowed from the official armies, with one
fixed map, so that it can be re-run after merging branches that still use
the old names:

    python3 scripts/neutral_names.py && gofmt -w engine compiler
    go test ./armies -run TestNoOfficialNames && go test ./engine ./compiler

It is idempotent. Renaming keeps every scenario's logic: only names change
(same token order, counts, edges), so battle logs change only in names.
The script lives outside engine/ and compiler/ because it has to spell the
official names it replaces.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = ["engine", "compiler"]
TEXT_EXT = {".go", ".army", ".pos", ".golden", ".txtar", ".md", ".txt"}

# Whole phrases first (messages, rulebook references, comments that would
# read wrong after a word-for-word rename). Each is replaced verbatim.
PHRASES = [
    # user-facing messages: neutral, still helpful
    ('e.g. armies moloch borgo")',
     'e.g. armies NAME1 NAME2, each an embedded army\'s short name or a path to an .army file")'),
    ('army \\"Name\\" extends \\"moloch\\" { ... }"',
     'army \\"Name\\" extends \\"base\\" { ... }, the base being an embedded army\'s short name or a path to an .army file"'),
    ('e.g. 1 \\"Gauss Cannon\\" b2 SE', 'e.g. 1 \\"Rail Gun\\" b2 SE'),
    # comments
    ("a game that needs more is a bug (no end)", "a game that needs more has a defect (no end)"),
    ('stay free (two nets facing each other cancel, rulebook "Kwestia\n// Sieciarza").',
     "stay free (two nets facing each other cancel: rulebook 000, on netters\n// netting each other)."),
    # the test armies of the rulebook examples: sides renamed, facts kept
    ("# The Smart tokens of the Duel example battle (rulebook 001), edges from\n"
     "# armies-facts-expansions.md (Gauss: edge 1 piercing 1, initiative 2; Cyborg:\n"
     "# edge 1 ranged 1, initiative 3; Mother: link 0, extra action).",
     "# Test army: player 1's tokens of the Duel example battle (rulebook 001)\n"
     "# under invented names, edges from armies-facts-expansions.md (Rail Gun:\n"
     "# edge 1 piercing 1, initiative 2; Android: edge 1 ranged 1, initiative 3;\n"
     "# Mother: link 0, extra action)."),
    ("# The Vegas tokens of the Duel example battle (rulebook 001).",
     "# Test army: player 2's tokens of the Duel example battle (rulebook 001)\n"
     "# under invented names."),
    ("# The Beasts tokens of the example battle of rulebook 002, edges from\n"
     "# armies-facts-expansions.md. The Beasts HQ has initiative 1.",
     "# Test army: player 1's tokens of the example battle of rulebook 002 under\n"
     "# invented names, edges from armies-facts-expansions.md. Its HQ has\n"
     "# initiative 1."),
    ("# The Steel Police tokens of the example battle of rulebook 002, edges from\n"
     "# armies-facts-expansions.md.",
     "# Test army: player 2's tokens of the example battle of rulebook 002 under\n"
     "# invented names, edges from armies-facts-expansions.md."),
    ('# Rulebook 002 (Beasts vs Steel Police), "Przykładowa bitwa". The board is\n'
     "# only pictured; this layout is built from the text (turns 1-8) so that every\n"
     "# sentence of the battle holds:",
     '# Rulebook 002, "Przykładowa bitwa", with the test armies tfauna and tiron\n'
     "# (the example's tokens under invented names). The board is only pictured;\n"
     "# this layout is built from the text (turns 1-8) so that every sentence of\n"
     "# the battle holds:"),
    ("the Net of Steel marker", "the HQ's net marker"),
    ("the Net of Steel", "the HQ's net"),
    ("Rulebook 001 (Duel)", "Rulebook 001"),
]

# Identifiers and file stems (whole words, '_' counting as a letter).
IDENTS = {
    "tbeasts": "tfauna",
    "tsteel": "tiron",
    "tsmart": "tchrome",
    "tvegas": "tneon",
    "beasts_example": "fauna_example",
    "initiative_saboteur": "initiative_jammer",
    "sergeant_extra": "corporal_extra",
}

# Words: exact case as listed; a plural "s" after the word is kept.
WORDS = {
    # armies (test armies named like official ones, and their refs)
    "Alpha": "Amber", "alpha": "amber",
    "Beasts": "Fauna",
    "Steel Police": "Iron Patrol",
    "Smart": "Chrome",
    "Vegas": "Neon",
    # tokens
    "Judge": "Prism", "judge": "prism",
    "Runner": "Dasher", "runner": "dasher",
    "Vulture": "Kestrel",
    "Saboteur": "Jammer",
    "Shooter": "Rifleman", "shooter": "rifleman",
    "Executioner": "Enforcer", "executioner": "enforcer",
    "Brawler": "Bruiser",
    "Wardog": "Jackal",
    "Cerberus": "Hydra",
    "Agitator": "Inciter",
    "Sergeant": "Corporal",
    "Launcher": "Catapult", "Lanucher": "Cataplut",
    "Bodyguard": "Escort",
    "Predator": "Stalker",
    "Gauss Cannon": "Rail Gun",
    "Cyborg": "Android",
    "Net Fighter": "Net Caster", "net fighter": "net caster",
    "Mercenary": "Hireling",
    "Pacifier": "Suppressor",
    "Acid-spitter": "Bile-spitter",
    "Bug": "Beetle",
    "Szarpak": "Grappler",
    "Guard": "Sentry",
    "Mother": "Echo",
    # Polish aliases of the test armies (invented, Polish letters kept)
    "Cerber": "Wielogłów",
    "Robal": "Chrząszcz",
    "Kwasopluj": "Żółciopluj",
    "Sęp": "Pustułka",
    "Zwiadowca": "Czujka",
    "Działko Gaussa": "Działo Szynowe",
    "Matka": "Rdzeń",
    "Sędzia": "Zwierciadło",
    "Egzekutor": "Siepacz",
    "Pacyfikator": "Tłumiciel",
    "Oficer": "Dowódca",
    "Sierżant": "Kapral",
    "Najemnik": "Wynajęty",
    "Ochroniarz": "Eskorta",
}


def word_re(keys, plural):
    alt = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
    tail = r"(?=(?:s|es)?(?![\w]))" if plural else r"(?![\w])"
    return re.compile(r"(?<![\w])(" + alt + ")" + tail)


IDENT_RE = word_re(IDENTS, False)
WORD_RE = word_re(WORDS, True)


def rename_words(s):
    s = IDENT_RE.sub(lambda m: IDENTS[m.group(1)], s)
    return WORD_RE.sub(lambda m: WORDS[m.group(1)], s)


def keep_comment_column(o, n):
    """Position files align trailing comments: keep a unit line's comment
    in the column it had before the renaming."""
    oi, ni = o.find(" #"), n.find(" #")
    if o == n or oi < 0 or ni < 0 or o.lstrip().startswith("#"):
        return n
    code = n[:ni].rstrip()
    return code + " " * max(1, o.index("#", oi) - len(code)) + n[ni:].lstrip(" ")


def rename_text(s, align):
    for old, new in PHRASES:
        s = s.replace(old, new)
    lines = s.split("\n")
    for i, line in enumerate(lines):
        new = rename_words(line)
        lines[i] = keep_comment_column(line, new) if align else new
    return "\n".join(lines)


def main():
    os.chdir(ROOT)
    changed = []
    # 1. file names
    for d in DIRS:
        for dirpath, _, files in os.walk(d):
            for f in files:
                stem, ext = os.path.splitext(f)
                new = rename_words(stem)
                if new != stem:
                    src, dst = os.path.join(dirpath, f), os.path.join(dirpath, new + ext)
                    if os.path.exists(dst):
                        sys.exit(f"cannot rename {src}: {dst} exists")
                    subprocess.run(["git", "mv", src, dst], check=True)
                    changed.append(f"{src} -> {dst}")
    # 2. contents
    for d in DIRS:
        for dirpath, _, files in os.walk(d):
            for f in files:
                p = os.path.join(dirpath, f)
                if os.path.splitext(f)[1] not in TEXT_EXT:
                    continue
                with open(p, encoding="utf-8", errors="surrogateescape", newline="") as fh:
                    old = fh.read()
                new = rename_text(old, p.endswith(".pos"))
                if new != old:
                    with open(p, "w", encoding="utf-8", errors="surrogateescape", newline="") as fh:
                        fh.write(new)
                    changed.append(p)
    for c in changed:
        print(c)


if __name__ == "__main__":
    main()
