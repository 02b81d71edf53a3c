package report

import (
	"errors"
	"io"

	"github.com/hexforge/hexforge/card"
	"github.com/hexforge/hexforge/rules"
)

// WriteCard writes the help card of an army in format f.
func WriteCard(w io.Writer, a *rules.Army, f Format) error {
	c := card.New(a)
	switch f {
	case JSON:
		return c.JSON(w)
	case HTML:
		return c.HTML(w)
	case CSV:
		return c.CSV(w)
	case Print:
		// Pages, several files or a PDF: the command writes them
		// (card.Sheets), never one stream.
		return errors.New("the print format writes pages to files: give --out FILE.pdf or FILE.svg")
	}
	return c.Text(w, f == Markdown)
}
