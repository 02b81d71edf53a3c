package report

import (
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
	}
	return c.Text(w, f == Markdown)
}
