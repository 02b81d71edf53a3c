// Package htmltest checks HTML pages in tests: a page's skeleton (its
// structure without content, for golden files) and the web addresses it
// names (a report page must open with no network). Only tests import it.
package htmltest

import (
	"regexp"
	"strings"
)

var (
	tagRE   = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*?)(/?)>`)
	classRE = regexp.MustCompile(`\b(class|id)="([^"]*)"`)
)

// voidTags are the HTML elements that have no end tag.
var voidTags = map[string]bool{"meta": true, "br": true, "input": true, "img": true, "link": true, "hr": true}

// Skeleton is a page's structure without its content: one line per
// element, indented by depth, naming the element and its class and id,
// with every text, number and other attribute left out. Golden tests pin
// it, so a test says "the page has these parts" without breaking each time
// a figure changes. Script and style bodies are left out too.
func Skeleton(page string) string {
	page = stripBodies(page, "script")
	page = stripBodies(page, "style")
	var b strings.Builder
	depth := 0
	for _, m := range tagRE.FindAllStringSubmatch(page, -1) {
		closing, name, attrs, self := m[1] == "/", strings.ToLower(m[2]), m[3], m[4] == "/"
		if closing {
			depth = max(0, depth-1)
			continue
		}
		line := strings.Repeat("  ", depth) + name
		for _, c := range classRE.FindAllStringSubmatch(attrs, -1) {
			if c[1] == "id" {
				line += "#" + c[2]
			} else {
				line += "." + strings.ReplaceAll(c[2], " ", ".")
			}
		}
		b.WriteString(line + "\n")
		if !self && !voidTags[name] {
			depth++
		}
	}
	return b.String()
}

// stripBodies empties the content of every <tag>...</tag>.
func stripBodies(page, tag string) string {
	var b strings.Builder
	for {
		i := strings.Index(page, "<"+tag)
		if i < 0 {
			b.WriteString(page)
			return b.String()
		}
		j := strings.Index(page[i:], ">")
		k := strings.Index(page[i:], "</"+tag+">")
		if j < 0 || k < 0 || k < j {
			b.WriteString(page)
			return b.String()
		}
		b.WriteString(page[:i+j+1])
		page = page[i+k:]
		b.WriteString("</" + tag + ">")
		page = page[len("</"+tag+">"):]
	}
}

// urlRE finds what a browser could fetch: an http(s) or protocol-relative
// URL.
var urlRE = regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)

// URLs are the web addresses a page names (none, for a page that must open
// with no network).
func URLs(page string) []string { return urlRE.FindAllString(page, -1) }
