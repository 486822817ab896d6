package ti4

import "testing"

// 12.1, 35.8: an attachment adds to its planet's values, or gives it a
// technology specialty; a facility on a planet that has one adds 1 and 1.
func TestRule12_1_AttachmentsChangeThePlanet(t *testing.T) {
	for _, c := range []struct {
		planet   string
		attached []string
		res, inf int
		tech     string
	}{
		{"Jord", nil, 4, 2, ""},
		{"Jord", []string{"paradise_world"}, 4, 4, ""},
		{"Jord", []string{"mining_world", "rich_world"}, 7, 2, ""},
		{"Jord", []string{"dyson_sphere"}, 6, 3, ""},
		{"Jord", []string{"lazax_survivors", "tomb_of_emphidia"}, 5, 5, ""},
		{"Jord", []string{"warfare_research_facility"}, 4, 2, "red"},
		{"Jord", []string{"warfare_research_facility", "biotic_research_facility"}, 5, 3, "red"},
		{"Wellon", []string{"propulsion_research_facility"}, 2, 3, "yellow"},
		{"Wellon", []string{"demilitarized_zone"}, 1, 2, "yellow"},
	} {
		info := planetInfo(&Planet{Name: c.planet, Attachments: c.attached})
		if info.Resources != c.res || info.Influence != c.inf || info.Tech != c.tech {
			t.Errorf("%s with %v: %d/%d %q, want %d/%d %q", c.planet, c.attached, info.Resources, info.Influence, info.Tech, c.res, c.inf, c.tech)
		}
	}
	if bare := planetInfo(&Planet{Name: "Jord"}); bare.Influence != 2 {
		t.Fatal("an attachment elsewhere changed the catalog's card")
	}
}

// 12.1 with 8.6: a planet's votes count its attachments.
func TestRule12_1_AttachedInfluenceVotes(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny"}, func(s *State) {
		pl, _ := s.Planet("Jord")
		pl.Attachments = []string{"paradise_world"}
	})
	vote(t, g, 1, For, "Jord")
	if b := g.State().Agenda.Ballots[0]; b.Votes != 4 {
		t.Fatalf("ballot %+v, want 4 votes (2 printed, 2 attached)", b)
	}
}

// 12.1 with 90.14: a facility's specialty stands in for a prerequisite.
func TestRule12_1_AttachedSpecialty(t *testing.T) {
	g := fixture(t, fixtureConfig(), func(s *State) {
		pl, _ := s.Planet("Lodor") // 3/1, no specialty of its own
		pl.Controller, pl.ControlToken = 0, true
		pl.Attachments = []string{"propulsion_research_facility"}
	})
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "90.12") // needs 2 blue; Jol-Nar has 1
	do(t, g, Action{Kind: ActSpecialty, Seat: 0, Planet: "Lodor"})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})
	if !g.State().Players[0].HasTech("fleet_logistics") {
		t.Fatal("the attached blue specialty did not count")
	}
}
