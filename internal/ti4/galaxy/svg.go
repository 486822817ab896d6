package galaxy

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/mecatol/mecatol/internal/hex"
)

const hexSize = 60.0

var backFill = map[string]string{"blue": "#1d3557", "red": "#6d1f2a", "green": "#1f4d2b", "none": "#2b2b3a"}

var anomalyFill = map[string]string{
	"gravity-rift":   "#3a1c4f",
	"nebula":         "#4b3b66",
	"asteroid-field": "#5a4a32",
	"supernova":      "#8a3b12",
}

var wormholeColor = map[string]string{"alpha": "#f4a261", "beta": "#2a9d8f", "gamma": "#c77dff", "delta": "#4cc9f0"}

// SVG draws the map: hexes, tile numbers, planet names with their values,
// wormholes, anomalies, hyperlane lanes and home positions.
func (m *Map) SVG(w io.Writer) error { return m.SVGWith(w, nil) }

// SVGWith draws the map with extra lines of text in some systems (units,
// command tokens), keyed by position.
func (m *Map) SVGWith(w io.Writer, notes map[int][]string) error {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range m.Slots {
		if s.Tile == nil && s.Back == "" && !s.Home {
			continue
		}
		x, y := hex.Pixel(s.Hex, hexSize)
		minX, maxX = math.Min(minX, x-hexSize), math.Max(maxX, x+hexSize)
		minY, maxY = math.Min(minY, y-hexSize), math.Max(maxY, y+hexSize)
	}
	// Systems off the board stand in a column to the right of it.
	offX := maxX + hexSize*1.2
	for i := range m.Off {
		maxX = math.Max(maxX, offX+hexSize)
		maxY = math.Max(maxY, minY+hexSize*(2.2*float64(i)+2))
	}
	pad := 10.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%.0f %.0f %.0f %.0f" width="%.0f" height="%.0f" font-family="sans-serif">`+"\n",
		minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad, maxX-minX+2*pad, maxY-minY+2*pad)
	fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="#0b0d17"/>`+"\n", minX-pad, minY-pad, maxX-minX+2*pad, maxY-minY+2*pad)
	draw := func(s *Slot, x, y float64) {
		m.drawSlotAt(&b, s, x, y)
		for k, line := range notes[s.Pos] {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="#ffd166" font-size="9" text-anchor="middle" class="units">%s</text>`+"\n",
				x, y+hexSize*0.25+float64(k)*10, html.EscapeString(line))
		}
	}
	for i := range m.Slots {
		x, y := hex.Pixel(m.Slots[i].Hex, hexSize)
		draw(&m.Slots[i], x, y)
	}
	for i := range m.Off {
		draw(&m.Off[i], offX, minY+hexSize*(2.2*float64(i)+1))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func polygon(x, y, size float64) string {
	var pts []string
	for _, c := range hex.Corners(x, y, size) {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", c[0], c[1]))
	}
	return strings.Join(pts, " ")
}

func (m *Map) drawSlotAt(b *strings.Builder, s *Slot, x, y float64) {
	t := s.Tile
	switch {
	case t == nil && s.Back != "":
		fmt.Fprintf(b, `<polygon points="%s" fill="%s" stroke="#888" stroke-width="2"/>`+"\n", polygon(x, y, hexSize-2), backFill[s.Back])
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#ddd" font-size="12" text-anchor="middle">face down</text>`+"\n", x, y+4)
		return
	case t == nil && s.Home:
		fmt.Fprintf(b, `<polygon points="%s" fill="#10331c" stroke="#4caf50" stroke-width="2" stroke-dasharray="6 4"/>`+"\n", polygon(x, y, hexSize-2))
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#8fd19e" font-size="13" text-anchor="middle">home</text>`+"\n", x, y+4)
		return
	case t == nil:
		return
	case t.IsHyperlane():
		fmt.Fprintf(b, `<polygon points="%s" fill="#15151f" stroke="#444" stroke-width="1"/>`+"\n", polygon(x, y, hexSize-2))
		for _, lane := range t.Hyperlanes {
			ax, ay := edgeMid(x, y, hex.Rotate(lane[0], s.Rotation))
			bx, by := edgeMid(x, y, hex.Rotate(lane[1], s.Rotation))
			fmt.Fprintf(b, `<path d="M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f" stroke="#9ad" stroke-width="3" fill="none"/>`+"\n", ax, ay, x, y, bx, by)
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#9ad" font-size="11" text-anchor="middle">%s</text>`+"\n", x, y+hexSize*0.75, s.token())
		return
	}
	fill := backFill[t.Back]
	if fill == "" {
		fill = backFill["none"]
	}
	for _, a := range t.Anomalies {
		fill = anomalyFill[a]
	}
	stroke := "#888"
	if s.Home {
		stroke = "#4caf50"
	}
	fmt.Fprintf(b, `<polygon points="%s" fill="%s" stroke="%s" stroke-width="2"/>`+"\n", polygon(x, y, hexSize-2), fill, stroke)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#fff" font-size="13" font-weight="bold" text-anchor="middle">%s</text>`+"\n", x, y-hexSize*0.6, t.ID)
	line := y - hexSize*0.25
	for _, p := range t.Planets {
		label := fmt.Sprintf("%s %d/%d", p.Name, p.Resources, p.Influence)
		if p.Legendary {
			label += " ★"
		}
		if p.Tech != "" {
			label += " " + strings.ToUpper(p.Tech[:1]) // technology specialty
		}
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#f1faee" font-size="10" text-anchor="middle">%s</text>`+"\n", x, line, html.EscapeString(label))
		line += 13
	}
	for _, a := range t.Anomalies {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" fill="#ffb4a2" font-size="9" font-style="italic" text-anchor="middle">%s</text>`+"\n", x, line, a)
		line += 11
	}
	for i, wh := range t.Wormholes {
		cx := x - hexSize*0.45 + float64(i)*16
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="7" fill="%s"/><text x="%.1f" y="%.1f" font-size="9" text-anchor="middle" fill="#000">%s</text>`+"\n",
			cx, y+hexSize*0.55, wormholeColor[wh], cx, y+hexSize*0.55+3, greek(wh))
	}
}

func edgeMid(x, y float64, e int) (float64, float64) {
	// Edge e faces north and runs clockwise; its midpoint is at angle -90° + 60°·e.
	a := -math.Pi/2 + math.Pi/3*float64(e)
	r := hexSize * math.Sqrt(3) / 2
	return x + r*math.Cos(a), y + r*math.Sin(a)
}

func greek(w string) string {
	switch w {
	case "alpha":
		return "α"
	case "beta":
		return "β"
	case "gamma":
		return "γ"
	case "delta":
		return "δ"
	}
	return "?"
}
