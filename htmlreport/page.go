package htmlreport

import (
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// Page is one self-contained HTML report. Its parts are written in the
// order they are added.
type Page struct {
	Title string
	Meta  [][2]string // what produced it: command, version, seed, players...
	parts []string
	head  string // extra CSS
	tail  string // an inline script, written last
	// symbols are the drawings Use shows, each written once; symbolIDs
	// finds one's id by its markup.
	symbols   []string
	symbolIDs map[string]string
}

// Icon is a drawing a page may show many times (a token's, beside its
// figures in every match of a round robin).
type Icon struct {
	ViewBox string // the drawing's frame, an SVG viewBox
	Body    string // its markup, without the enclosing <svg> element
}

// Use is the markup that shows ic: a small <svg> whose <use> points at the
// page's one copy of the drawing, an SVG <symbol> written at the top of
// the page. A round robin of the eight armies shows each token in eight
// matches; carried inline every time, the drawings were 1.28 of the
// page's 1.57 MB (docs/reports.md). The <svg> has no frame of its own: its
// size comes from the page's CSS (class), and the <use> fills it with the
// symbol, scaled to fit. It is decorative (hidden from screen readers):
// the pages print the token's name beside it.
func (p *Page) Use(ic Icon, class string) string {
	key := ic.ViewBox + "\x00" + ic.Body
	id, ok := p.symbolIDs[key]
	if !ok {
		if p.symbolIDs == nil {
			p.symbolIDs = map[string]string{}
		}
		// Numbered in the order of first use, so the same report gives
		// the same bytes.
		id = "s" + strconv.Itoa(len(p.symbols)+1)
		p.symbolIDs[key] = id
		p.symbols = append(p.symbols, fmt.Sprintf("<symbol id=\"%s\" viewBox=\"%s\">\n%s</symbol>\n", id, html.EscapeString(ic.ViewBox), ic.Body))
	}
	return fmt.Sprintf("<svg class=\"%s\" aria-hidden=\"true\"><use href=\"#%s\"/></svg>", html.EscapeString(class), id)
}

// Heading adds a section heading.
func (p *Page) Heading(text string) {
	p.parts = append(p.parts, "<h2>"+html.EscapeString(text)+"</h2>\n")
}

// Para adds a paragraph of text.
func (p *Page) Para(text string) {
	p.parts = append(p.parts, "<p class=\"note\">"+html.EscapeString(text)+"</p>\n")
}

// Figure adds an SVG plot.
func (p *Page) Figure(s *SVG) {
	p.parts = append(p.parts, "<figure>\n"+s.String()+"</figure>\n")
}

// Raw adds markup the caller built and escaped itself.
func (p *Page) Raw(markup string) { p.parts = append(p.parts, markup) }

// Style adds CSS to the page's own.
func (p *Page) Style(css string) { p.head += css }

// Script sets the page's inline script (for pages that step through
// something; reports need none).
func (p *Page) Script(js string) { p.tail = js }

// Table adds a table; numeric-looking cells are right-aligned by CSS class.
func (p *Page) Table(caption string, header []string, rows [][]string) {
	p.parts = append(p.parts, TableHTML(caption, header, rows))
}

// TableHTML is a table's markup.
func TableHTML(caption string, header []string, rows [][]string) string {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<table>\n")
	if caption != "" {
		b.WriteString("<caption>" + e(caption) + "</caption>\n")
	}
	b.WriteString("<thead><tr>")
	for _, h := range header {
		b.WriteString("<th>" + e(h) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			if numeric(c) {
				b.WriteString("<td class=\"num\">" + e(c) + "</td>")
			} else {
				b.WriteString("<td>" + e(c) + "</td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	return b.String()
}

// numeric says whether a cell starts like a number (figures line up on the
// right, names on the left).
func numeric(s string) bool {
	s = strings.TrimLeft(s, "+-±")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// Write writes the page.
func (p *Page) Write(w io.Writer) error {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", e(p.Title))
	b.WriteString("<style>\n" + css + p.head + "</style>\n</head>\n<body>\n")
	if len(p.symbols) > 0 {
		// Drawn nowhere itself: the <use> elements show its symbols. Not
		// display:none, which would hide some drawings' parts from a <use>.
		b.WriteString("<svg class=\"symbols\" width=\"0\" height=\"0\" aria-hidden=\"true\">\n")
		for _, s := range p.symbols {
			b.WriteString(s)
		}
		b.WriteString("</svg>\n")
	}
	fmt.Fprintf(&b, "<h1>%s</h1>\n", e(p.Title))
	if len(p.Meta) > 0 {
		b.WriteString("<dl class=\"meta\">\n")
		for _, kv := range p.Meta {
			fmt.Fprintf(&b, "<dt>%s</dt><dd>%s</dd>\n", e(kv[0]), e(kv[1]))
		}
		b.WriteString("</dl>\n")
	}
	for _, s := range p.parts {
		b.WriteString(s)
	}
	if p.tail != "" {
		b.WriteString("<script>\n" + p.tail + "</script>\n")
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// css is the pages' style: system fonts only (nothing fetched).
const css = `body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; margin: 16px; color: #222; background: #fff; max-width: 1200px; }
h1 { margin: 0 0 6px 0; font-size: 22px; }
h2 { margin: 22px 0 6px 0; font-size: 17px; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; font-size: 13px; color: #444; margin: 0 0 8px 0; }
dl.meta dt { font-weight: bold; }
dl.meta dd { margin: 0; font-family: "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
p.note { font-size: 13px; color: #555; margin: 4px 0; max-width: 900px; }
figure { margin: 6px 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
svg text { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
table { border-collapse: collapse; font-size: 13px; margin: 6px 0 12px 0; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; }
th { background: #f4f4f4; }
svg.hex { vertical-align: middle; }
svg.symbols { position: absolute; }
details.match { margin: 4px 0; }
details.match summary { cursor: pointer; font-size: 14px; }
td.num, table.tokens td { text-align: right; font-variant-numeric: tabular-nums; }
table.tokens td.token, table.tokens td.t { text-align: left; }
table.tokens td { white-space: nowrap; }
td.token svg.token { width: 52px; height: 48px; vertical-align: middle; }
`

// kindColors are the colours of the kinds (stroke, and a light tint of the
// same hue to fill the hexagon), of the help cards and the reports alike.
var kindColors = map[string][2]string{
	"hq":         {"#b8860b", "#fbf3da"},
	"warrior":    {"#2f5d8f", "#e6eef7"},
	"module":     {"#2e7d3e", "#e4f3e6"},
	"instant":    {"#a8322b", "#f8e4e2"},
	"foundation": {"#6f5236", "#f1e9e0"},
}

// KindColors are the stroke and fill colours of a token kind (grey for a
// kind there is no colour for).
func KindColors(kind string) (stroke, fill string) {
	c, ok := kindColors[kind]
	if !ok {
		return "#666666", "#eeeeee"
	}
	return c[0], c[1]
}

// TokenTable is a table whose first column names tokens, each led by the
// help card's drawing of the token (icons[i], when given: the markup of
// Page.Use with class "token") or else a small hexagon in its kind's
// colour (kinds[i]).
func TokenTable(header []string, rows [][]string, kinds []string, icons []string) string {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<table class=\"tokens\">\n<thead><tr>")
	for _, h := range header {
		b.WriteString("<th>" + e(h) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for i, r := range rows {
		b.WriteString("<tr>")
		for j, c := range r {
			switch {
			case j == 0 && i < len(icons) && icons[i] != "":
				// The help card's drawing of the token (trusted markup from
				// Page.Use), shrunk beside its name.
				b.WriteString("<td class=\"token\">" + icons[i] + " " + e(c) + "</td>")
			case j == 0:
				kind := ""
				if i < len(kinds) {
					kind = kinds[i]
				}
				stroke, fill := KindColors(kind)
				fmt.Fprintf(&b, "<td class=\"token\"><svg class=\"hex\" viewBox=\"-11 -11 22 22\" width=\"18\" height=\"18\" aria-label=\"%s\"><polygon points=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/></svg> %s</td>",
					e(kind), HexPoints(0, 0, 10), fill, stroke, e(c))
			case numeric(c):
				// Right-aligned by the table's CSS: a round robin's
				// pages have thousands of these cells.
				b.WriteString("<td>" + e(c) + "</td>")
			default:
				b.WriteString("<td class=\"t\">" + e(c) + "</td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	return b.String()
}
