package ti4

import (
	"slices"
	"testing"
)

// Nekro Virus, The Alastor (78.2, 78.3, 78.6): at the start of a space
// combat in its system, the Nekro choose ground forces in its space area
// to fight as ships: they roll at their combat value, take hits, and keep
// the combat going; the others stay out of it.
func TestFaction_Nekro_TheAlastor(t *testing.T) {
	const id = "the_alastor"
	cfg := fixtureConfig("nekro", "sol", "hacan")
	cfg.Rules = RulesCurrent
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.System(22).Space = []Stack{{Owner: 0, Unit: "flagship", Count: 1}, {Owner: 0, Unit: "infantry", Count: 3}}
	s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	// Sol's barrage 1 and 1; the flagship's dice 1 and 1, the two
	// infantry's 8 and 1; Sol's 10
	if err := rng.FixDice([]int{1, 1, 1, 1, 8, 1, 10}); err != nil {
		t.Fatal(err)
	}
	g := fixtureFrom(t, s, rng)
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	activated(t, g, 0, 9)
	do(t, g, moveShips(0, 22, "flagship", 1))
	do(t, g, Action{Kind: ActTransport, Seat: 0, System: ip(22), Unit: "infantry", Count: 3})
	do(t, g, act(ActEndMovement, 0))
	c := g.State().Combat
	if c == nil || c.Answer == nil || c.Answer.Kind != AnswerSpaceStart || c.Answer.Seat != 0 {
		t.Fatalf("combat %+v: the Nekro choose at the combat's start", c)
	}
	var offered []int
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Card == id && a.Use {
			offered = append(offered, a.Count)
		}
	}
	if !slices.Equal(offered, []int{1, 2, 3}) {
		t.Fatalf("offered %v: 1 to 3 infantry", offered)
	}
	refuse(t, g, use(0, id, Action{Unit: "mech", Count: 1}), "78.2")     // none there
	refuse(t, g, use(0, id, Action{Unit: "infantry", Count: 4}), "78.2") // three there
	do(t, g, use(0, id, Action{Unit: "infantry", Count: 2}))
	refuse(t, g, use(0, id, Action{Unit: "infantry", Count: 1}), "78.2") // each type once
	do(t, g, act(ActPassWindow, 0))
	passAnswers(t, g) // Sol's barrage window (Waylay); the barrage hits no fighter
	do(t, g, act(ActNoRetreat, 1))
	do(t, g, act(ActNoRetreat, 0))
	c = g.State().Combat
	if len(c.Owed) != 2 || c.Owed[0].Seat != 0 || c.Owed[0].Hits != 1 || c.Owed[1].Seat != 1 || c.Owed[1].Hits != 1 {
		t.Fatalf("owed %+v: Sol's 10 hits the Nekro, one infantry's 8 hits Sol", c.Owed)
	}
	var targets []Stack
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Kind == ActAssignHit && !a.Use {
			targets = append(targets, Stack{Unit: a.Unit})
		}
	}
	if len(targets) != 2 || !slices.ContainsFunc(targets, func(x Stack) bool { return x.Unit == "infantry" }) {
		t.Fatalf("targets %v: the flagship or a fighting infantry", targets)
	}
	do(t, g, Action{Kind: ActAssignHit, Seat: 0, Unit: "infantry"})
	if got := g.State().Combat.x().AsShips; count(got, 0, "infantry") != 1 || count(g.State().System(9).Space, 0, "infantry") != 2 {
		t.Fatalf("fighting %v: one infantry lost of the two that fought, the third kept out", got)
	}
}

// Ground forces fighting as ships keep their side in the combat: with no
// ship left, the Nekro still fight while one of them lives.
func TestFaction_Nekro_TheAlastor_KeepsTheCombatGoing(t *testing.T) {
	sys := &System{Space: []Stack{{Owner: 0, Unit: "infantry", Count: 2}, {Owner: 1, Unit: "destroyer", Count: 1}}}
	c := &Combat{Kind: "space", Attacker: 0, Defender: 1}
	if fights(c, sys, 0) {
		t.Fatal("infantry in space alone do not fight")
	}
	c.CombatExtra = &CombatExtra{AsShips: []Stack{{Owner: 0, Unit: "infantry", Count: 1}}}
	if !fights(c, sys, 0) {
		t.Fatal("an infantry fighting as a ship keeps the Nekro in the combat")
	}
	fleet := fightingStacks(c, sys)
	if count(fleet, 0, "infantry") != 1 || count(fleet, 1, "destroyer") != 1 {
		t.Fatalf("fighting %v: one infantry of two, and the destroyer", fleet)
	}
}
