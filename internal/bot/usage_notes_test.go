package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4"
)

// A player's copy of a generic promissory note is named "faction:note"
// (jolnar:ceasefire): the report counts it as the note.
func TestUsageCountsAPlayersCopyOfAGenericNote(t *testing.T) {
	u := NewUsage()
	for i := 0; i < 4; i++ {
		rng := engine.NewRNG(uint64(i))
		bots := []Bot{Random{&rng}, Random{&rng}, Random{&rng}}
		Count(ti4.Config{Players: 3, Seed: uint64(i)}, bots, 6, false, u)
	}
	var seen []string
	for k := range u.Seen {
		if strings.HasSuffix(k, ":ceasefire") || strings.HasSuffix(k, ":trade_agreement") || strings.HasSuffix(k, ":political_secret") || strings.HasSuffix(k, ":support_for_the_throne") || strings.HasSuffix(k, ":alliance") {
			seen = append(seen, k)
		}
	}
	slices.Sort(seen)
	if len(seen) == 0 {
		t.Skip("no generic note named in these games")
	}
	var never []string
	for _, x := range u.Unused()[ti4.KindPromissory] {
		never = append(never, x.ID)
	}
	for _, k := range seen {
		_, id, _ := strings.Cut(k, ":")
		if slices.Contains(never, id) {
			t.Errorf("the games named %s (%d times), yet the report lists %s as never used", k, u.Seen[k], id)
		}
	}
}
