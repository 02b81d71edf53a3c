package card

import "strings"

// Helvetica's advance widths (thousandths of the font size) for the
// printable ASCII characters, 32 (space) to 126 (~), from Adobe's font
// metrics of the core PDF fonts Helvetica and Helvetica-Bold, which every
// PDF reader has: the PDF sheets (pdf.go) use them without embedding a font,
// and centre text with these widths.
var helvRegular = [95]uint16{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
}

var helvBold = [95]uint16{
	278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
	975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
	333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
	611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
}

// helvWidth is the width of text set in Helvetica (bold or not) at size,
// after pdfText's replacements.
func helvWidth(text string, bold bool, size float64) float64 {
	table := &helvRegular
	if bold {
		table = &helvBold
	}
	n := 0
	for _, c := range []byte(pdfText(text)) {
		if c >= 32 && c <= 126 {
			n += int(table[c-32])
		} else {
			n += 556
		}
	}
	return float64(n) * size / 1000
}

// asciiFor are the letters the sheets print for characters the core fonts'
// encoding lacks: the Polish letters of the armies' aliases and the
// typography of the card's words.
var asciiFor = strings.NewReplacer(
	"ą", "a", "ć", "c", "ę", "e", "ł", "l", "ń", "n", "ó", "o", "ś", "s", "ź", "z", "ż", "z",
	"Ą", "A", "Ć", "C", "Ę", "E", "Ł", "L", "Ń", "N", "Ó", "O", "Ś", "S", "Ź", "Z", "Ż", "Z",
	"–", "-", "—", "-", "×", "x", "·", ".", "’", "'", "‘", "'", "“", "\"", "”", "\"", "…", "...",
	"é", "e", "è", "e", "ä", "a", "ö", "o", "ü", "u", "É", "E", "Ä", "A", "Ö", "O", "Ü", "U",
)

// pdfText is text as the PDF sheets set it: printable ASCII, other
// characters replaced by their letters (asciiFor) or "?".
func pdfText(s string) string {
	s = asciiFor.Replace(s)
	var b strings.Builder
	for _, r := range s {
		if r >= 32 && r <= 126 {
			b.WriteRune(r)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}
