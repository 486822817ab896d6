package cards

import (
	"bufio"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The starter decks are the two lists of 49 single cards, 83 distinct
// between them.
func TestStarterDecks(t *testing.T) {
	s := Starters()
	if len(s.Cards) != 83 {
		t.Fatalf("%d cards", len(s.Cards))
	}
	a, errA := s.Deck("basic_a")
	b, errB := s.Deck("basic_b")
	if errA != nil || errB != nil || len(a) != 49 || len(b) != 49 {
		t.Fatalf("decks: %d %v, %d %v", len(a), errA, len(b), errB)
	}
	shared := 0
	for _, c := range a {
		if slices.Contains(b, c) {
			shared++
		}
	}
	if shared != 15 {
		t.Errorf("%d cards in both decks, want 15", shared)
	}
	if c := s.Card("krebiz_light_capsule"); c == nil || c.Kind != Ship || c.Strength != 1 || *c.Shields != 3 || c.Phasers != 1 || c.Costs["energy"] != 1 {
		t.Errorf("Krebiz Light Capsule: %+v", c)
	}
	if _, err := s.Deck("basic_z"); err == nil {
		t.Error("an unknown deck is found")
	}
}

// museum is one printing as the Card Museum lists it.
type museum struct{ typ, title, empire, tags string }

func readMuseum(t *testing.T) map[string]museum {
	f, err := os.Open("testdata/museum_pe.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]museum{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		r := strings.Split(sc.Text(), "\t")
		out[r[0]] = museum{r[1], r[2], r[3], r[4]}
	}
	return out
}

var (
	typeCode = regexp.MustCompile(`^(R/)?([A-Z])(?:/[A-Z])?(\d+)$`)
	number   = regexp.MustCompile(`^(\d\d)_([A-Za-z]+?)s*$`)
)

var letters = map[string]string{"A": Ability, "B": Base, "C": Crew, "E": Equipment, "H": Hazard, "L": Luck, "M": Monster, "O": Occurrence, "S": Ship, "T": Terrain}

// Every card's name, kind, strength and numbers are those of the Card
// Museum's data for its printing: read here from its tags by a parser of
// the test's own.
func TestCardsMatchTheMuseum(t *testing.T) {
	m := readMuseum(t)
	for _, c := range Starters().Cards {
		r, ok := m[c.Museum]
		if !ok {
			t.Errorf("%s: no museum record %q", c.ID, c.Museum)
			continue
		}
		code := typeCode.FindStringSubmatch(r.typ)
		if code == nil || letters[code[2]] != c.Kind || strconv.Itoa(c.Strength) != code[3] || (code[1] != "") != c.Reaction {
			t.Errorf("%s: type %q, have %s %d reaction %v", c.ID, r.typ, c.Kind, c.Strength, c.Reaction)
		}
		name := r.title
		if _, after, ok := strings.Cut(r.title, " - "); ok {
			name = after // "Argonian Escort - Argonian Warm Front Escort": the card's own name
		}
		if name != c.Name {
			t.Errorf("%s: museum name %q, have %q", c.ID, name, c.Name)
		}
		costs, points, w := map[string]int{}, map[string]int{}, map[string]int{}
		for _, tag := range strings.Fields(r.tags) {
			g := number.FindStringSubmatch(tag)
			if g == nil || g[1] == "00" {
				continue
			}
			n, _ := strconv.Atoi(g[1])
			switch k := g[2]; {
			case strings.HasSuffix(k, "Cost"):
				costs[strings.ToLower(strings.TrimSuffix(k, "Cost"))] = n
			case strings.HasSuffix(k, "Point"):
				points[strings.ToLower(strings.TrimSuffix(k, "Point"))] = n
			default:
				w[k] = n
			}
		}
		shields := -1
		if c.Shields != nil {
			shields = *c.Shields
		}
		wantShields, hasShields := w["Shield"]
		if !hasShields {
			wantShields = -1
		}
		if strings.Contains(r.tags, "No_Shield") {
			wantShields = 0
		}
		have := []int{shields, c.Phasers, c.Heavy, c.Nodes, c.CardDamage}
		want := []int{wantShields, w["Phaser"], w["HeavyWeapon"], w["Node"], w["CardDamage"]}
		if !reflect.DeepEqual(have, want) || !sameMap(costs, c.Costs) || !sameMap(points, c.Points) {
			t.Errorf("%s: numbers %v costs %v points %v; museum %v %v %v", c.ID, have, c.Costs, c.Points, want, costs, points)
		}
	}
}

func sameMap(a, b map[string]int) bool {
	return len(a) == len(b) && (len(a) == 0 || reflect.DeepEqual(a, b))
}

// A set that breaks its rules is refused with the reason; any bytes decode
// to a set or an error, never a panic.
func TestParseRefuses(t *testing.T) {
	for name, doc := range map[string]string{
		"not json":     `{`,
		"no id":        `{"cards":[{"name":"X","kind":"ship"}]}`,
		"unknown kind": `{"cards":[{"id":"x","name":"X","kind":"spaceship"}]}`,
		"twice":        `{"cards":[{"id":"x","name":"X","kind":"ship"},{"id":"x","name":"X","kind":"ship"}]}`,
		"negative":     `{"cards":[{"id":"x","name":"X","kind":"ship","phasers":-1}]}`,
		"deck":         `{"cards":[{"id":"x","name":"X","kind":"ship"}],"decks":{"d":["y"]}}`,
		"side":         `{"cards":[{"id":"x","name":"X","kind":"ship","side":"up"}]}`,
		"null card":    `{"cards":[null]}`,
	} {
		if _, err := Parse([]byte(doc)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(starters)
	f.Add([]byte(`{"cards":[{"id":"x","name":"X","kind":"ship","costs":{"energy":1}}],"decks":{"d":["x"]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Parse(b)
		if err == nil {
			for name := range s.Decks {
				if _, err := s.Deck(name); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
