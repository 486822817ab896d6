package ti4

import (
	"slices"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// relicTop puts card on top of the relic deck.
func relicTop(s *State, card string) {
	i := slices.Index(s.Decks.Relics, card)
	s.Decks.Relics[0], s.Decks.Relics[i] = s.Decks.Relics[i], s.Decks.Relics[0]
}

// giveFragments moves fragments from their exploration decks to seat's play area.
func giveFragments(seat int, cards ...string) func(s *State) {
	return func(s *State) {
		for _, f := range cards {
			d := explorationDeckOf(f)
			i := slices.Index(s.Decks.Exploration[d], f)
			s.Decks.Exploration[d] = slices.Delete(s.Decks.Exploration[d], i, i+1)
			s.Players[seat].RelicFragments = append(s.Players[seat].RelicFragments, f)
		}
	}
}

// 73.1, 73.2, 35.9a: three fragments of a kind, unknown ones standing in,
// are purged for the top relic; with the relic deck empty none is gained.
func TestRule73_1_FragmentsForARelic(t *testing.T) {
	frags := giveFragments(0, "cultural_relic_fragment", "cultural_relic_fragment", "unknown_relic_fragment", "hazardous_relic_fragment")
	g := tacticalFixture(t, func(s *State) {
		frags(s)
		relicTop(s, "the_codex")
	})
	refuse(t, g, Action{Kind: ActComponent, Seat: 0, Card: "hazardous_relic_fragment"}, "73.1")
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "cultural_relic_fragment"})
	s := g.State()
	p := s.Players[0]
	if !slices.Equal(p.Relics, []string{"the_codex"}) || !slices.Equal(p.RelicFragments, []string{"hazardous_relic_fragment"}) {
		t.Fatalf("relics %v, fragments %v", p.Relics, p.RelicFragments)
	}
	checked(t, g)
	g = tacticalFixture(t, func(s *State) {
		frags(s)
		s.Decks.Purged = append(s.Decks.Purged, s.Decks.Relics...)
		s.Decks.Relics = nil
	})
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "cultural_relic_fragment"})
	if p := g.State().Players[0]; len(p.Relics) != 0 || len(p.RelicFragments) != 1 {
		t.Fatalf("73.2a: relics %v, fragments %v", p.Relics, p.RelicFragments)
	}
}

// 73.3: Shard of the Throne is worth a point to whoever holds it, and goes,
// point and all, to whoever gains control of a planet in its holder's home
// system.
func TestRule73_3_ShardOfTheThrone(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveFragments(0, "cultural_relic_fragment", "cultural_relic_fragment", "cultural_relic_fragment")(s)
		relicTop(s, shard)
	})
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "cultural_relic_fragment"})
	if p := g.State().Players[0]; p.VP != 1 || !slices.Contains(p.Relics, shard) {
		t.Fatalf("VP %d, relics %v", p.VP, p.Relics)
	}
	do(t, g, Action{Kind: ActGainPlanet, Seat: Referee, Planet: "Jol", ActionExtra: &ActionExtra{Player: ip(1)}}) // Jol-Nar's home
	s := g.State()
	if s.Players[0].VP != 0 || s.Players[1].VP != 1 || !slices.Contains(s.Players[1].Relics, shard) || slices.Contains(s.Players[0].Relics, shard) {
		t.Fatalf("VP %d/%d, relics %v / %v", s.Players[0].VP, s.Players[1].VP, s.Players[0].Relics, s.Players[1].Relics)
	}
	checked(t, g)
}

// 73.3: The Obsidian draws a secret objective, and its holder may have one
// more secret objective than the limit (61.21).
func TestRule73_3_TheObsidian(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveFragments(0, "cultural_relic_fragment", "cultural_relic_fragment", "cultural_relic_fragment")(s)
		relicTop(s, obsidian)
		p := s.Players[0]
		for len(p.Secrets) < SecretLimit {
			p.Secrets = append(p.Secrets, s.Decks.Secrets[0])
			s.Decks.Secrets = s.Decks.Secrets[1:]
		}
	})
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "cultural_relic_fragment"})
	s := g.State()
	if n := len(s.Players[0].Secrets); n != SecretLimit+1 || s.Step != nil {
		t.Fatalf("%d secrets, step %+v: the fourth is kept", n, s.Step)
	}
	checked(t, g)
}

// 73.3: The Codex is purged to take up to three action cards of the
// player's choice from the discard pile.
func TestRule73_3_TheCodex(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		i := slices.Index(s.Decks.Relics, codex)
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[0].Relics = []string{codex}
		for _, c := range []string{"sabotage", "direct_hit", "upgrade"} {
			k := slices.Index(s.Decks.ActionCards, c)
			s.Decks.ActionCards = slices.Delete(s.Decks.ActionCards, k, k+1)
			s.Decks.ActionDiscard = append(s.Decks.ActionDiscard, c)
		}
	})
	refuse(t, g, Action{Kind: ActComponent, Seat: 1, Card: codex}, "4")
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: codex})
	refuse(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "veto"}, "73.3") // not in the discard pile
	do(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "direct_hit"})
	do(t, g, Action{Kind: ActTakeCard, Seat: 0, Card: "upgrade"})
	do(t, g, act(ActDone, 0))
	s := g.State()
	p := s.Players[0]
	if !slices.Contains(p.ActionCards, "direct_hit") || !slices.Contains(p.ActionCards, "upgrade") || slices.Contains(s.Decks.ActionDiscard, "upgrade") {
		t.Fatalf("hand %v, discard %v", p.ActionCards, s.Decks.ActionDiscard)
	}
	if len(p.Relics) != 0 || !slices.Contains(s.Decks.Purged, codex) || s.Step != nil {
		t.Fatal("The Codex is purged and the step closed")
	}
	checked(t, g)
}

// 73.4, 35.9b: relic fragments may be traded, relics may not.
func TestRule73_4_RelicsAreNotTraded(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}} // Sol next to Jol-Nar's home
		giveFragments(0, "industrial_relic_fragment")(s)
		i := slices.Index(s.Decks.Relics, codex)
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[0].Relics = []string{codex}
	})
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	refuse(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: codex}, "73.4")
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "industrial_relic_fragment"})
}

// 73.3, 6.2: Stellar Converter destroys a planet next to one of its
// holder's units with Bombardment, never a home, legendary or Mecatol Rex
// planet: its units go, its attachments and card are purged.
func TestRule73_3_StellarConverter(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		i := slices.Index(s.Decks.Relics, stellar)
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[0].Relics = []string{stellar} // Jol-Nar's dreadnought at home bombards
		d := s.Decks.Exploration["hazardous"]
		k := slices.Index(d, "rich_world")
		s.Decks.Exploration["hazardous"] = slices.Delete(d, k, k+1)
		pl, _ := s.Planet("Arnor")
		pl.Controller, pl.Units, pl.Attachments = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 2}}, []string{"rich_world"}
	})
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: stellar})
	refuse(t, g, Action{Kind: ActChoosePlanet, Seat: 0, Planet: "Jol"}, "73.3")      // a home planet
	refuse(t, g, Action{Kind: ActChoosePlanet, Seat: 0, Planet: MecatolRex}, "73.3") // never Mecatol Rex
	refuse(t, g, Action{Kind: ActPass, Seat: g.State().Turn}, "73.3")                // the next player waits
	do(t, g, Action{Kind: ActChoosePlanet, Seat: 0, Planet: "Arnor"})
	s := g.State()
	if pl, _ := s.Planet("Arnor"); pl != nil {
		t.Fatal("Arnor is still on the board")
	}
	if len(s.Players[0].Relics) != 0 || !slices.Contains(s.Decks.Purged, stellar) || !slices.Contains(s.Decks.Purged, "rich_world") {
		t.Fatalf("relics %v, purged %v", s.Players[0].Relics, s.Decks.Purged)
	}
	if !slices.ContainsFunc(s.System(9).Tokens, func(t Token) bool { return t.Kind == "destroyed_planet" }) || s.Step != nil {
		t.Fatal("the destroyed planet token marks the place, and the step is over")
	}
	checked(t, g)
}

// 73.3: gaining two of the holder's home planets in one decision moves
// Shard of the Throne, and its point, once. A soak found it moved twice.
func TestRule73_3_ShardMovesOnce(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		i := slices.Index(s.Decks.Relics, shard)
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[0].Relics, s.Players[0].VP = []string{shard}, 1
	})
	s := g.State().Clone()
	for _, name := range []string{"Jol", "Nar"} { // seat 1's infantry alone on both
		pl, _ := s.Planet(name)
		pl.Units = []Stack{{Owner: 1, Unit: "infantry", Count: 1}}
	}
	ev := controlFollowUps(s, new(engine.RNG))
	moved := 0
	for _, e := range ev {
		if e.Kind == EvRelicMoved {
			moved++
		}
	}
	if moved != 1 {
		t.Fatalf("Shard of the Throne moved %d times: %v", moved, ev)
	}
}

// giveRelic moves relic from the relic deck to seat's play area.
func giveRelic(seat int, relic string) func(s *State) {
	return func(s *State) {
		i := slices.Index(s.Decks.Relics, relic)
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[seat].Relics = append(s.Players[seat].Relics, relic)
	}
}

// 73.3, 90.5: at the start of the agenda phase, Maw of Worlds' holder may
// purge it and exhaust every planet they control to gain any technology,
// prerequisites ignored.
func TestRule73_3_MawOfWorlds(t *testing.T) {
	g := fixtureAgendaStart(t, []string{"mutiny"}, giveRelic(0, maw))
	st := g.State().Step
	if st == nil || st.Kind != StepRelic || st.Card != maw || st.Seat != 0 {
		t.Fatalf("step %+v, want Maw of Worlds' window", st)
	}
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: maw, Use: true})
	s := g.State()
	for _, name := range []string{"Jol", "Nar"} {
		if pl, _ := s.Planet(name); !pl.Exhausted {
			t.Fatalf("%s is not exhausted", name)
		}
	}
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}) // two blue prerequisites, one owned
	s = g.State()
	if !s.Players[0].HasTech("fleet_logistics") || !slices.Contains(s.Decks.Purged, maw) || len(s.Players[0].Relics) != 0 {
		t.Fatalf("techs %v, relics %v", s.Players[0].Techs, s.Players[0].Relics)
	}
	checked(t, g)
}

// 73.3, 90.9: The Prophet's Tears, exhausted while researching, ignores one
// prerequisite or draws an action card; once exhausted it waits for the
// status phase.
func TestRule73_3_TheProphetsTears(t *testing.T) {
	g := fixture(t, fixtureConfig(), giveRelic(0, tears))
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"}, "90.12")
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: tears, Use: true, Outcome: "prerequisite"})
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: tears, Use: true, Outcome: "draw"}, "73.3") // exhausted
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "fleet_logistics"})
	if p := g.State().Players[0]; !p.HasTech("fleet_logistics") || !slices.Contains(p.ExhaustedRelics, tears) {
		t.Fatalf("techs %v, exhausted %v", p.Techs, p.ExhaustedRelics)
	}
}

// 73.3: after a tactical action The Crown of Emphidia's holder may exhaust
// it to explore a planet they control.
func TestRule73_3_CrownOfEmphidiaExplores(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveRelic(0, crown)(s)
		pl, _ := s.Planet("Lodor") // cultural
		pl.Controller, pl.ControlToken = 0, true
		d := s.Decks.Exploration["cultural"]
		i := slices.Index(d, "paradise_world")
		d[0], d[i] = d[i], d[0]
	})
	activated(t, g, 0, 23)
	do(t, g, act(ActEndMovement, 0))
	do(t, g, act(ActEndTactical, 0))
	st := g.State().Step
	if st == nil || st.Kind != StepRelic || st.Card != crown {
		t.Fatalf("step %+v, want the Crown's window", st)
	}
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: crown, Use: true, Planet: "Jol"}, "73.3") // no trait
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: crown, Use: true, Planet: "Lodor"})
	s := g.State()
	if pl, _ := s.Planet("Lodor"); !slices.Contains(pl.Attachments, "paradise_world") || !slices.Contains(s.Players[0].ExhaustedRelics, crown) {
		t.Fatalf("attachments %v, exhausted %v", pl.Attachments, s.Players[0].ExhaustedRelics)
	}
	checked(t, g)
}

// 73.3: at the end of the status phase The Crown of Emphidia's holder, if
// they control the Tomb of Emphidia, may purge it for a point.
func TestRule73_3_CrownOfEmphidiaTomb(t *testing.T) {
	g := fixtureAgendaStart(t, []string{"mutiny"}, func(s *State) {
		giveRelic(0, crown)(s)
		s.Players[0].ExhaustedRelics = []string{crown} // exhausted: the point does not need it ready
		d := s.Decks.Exploration["cultural"]
		i := slices.Index(d, "tomb_of_emphidia")
		s.Decks.Exploration["cultural"] = slices.Delete(d, i, i+1)
		pl, _ := s.Planet("Lodor")
		pl.Controller, pl.ControlToken, pl.Attachments = 0, true, []string{"tomb_of_emphidia"}
	})
	st := g.State().Step
	if st == nil || st.Kind != StepRelic || st.Card != crown || st.Then != "tomb" || g.State().Phase != PhaseStatus {
		t.Fatalf("step %+v in the %s phase, want the Crown's point before the status phase ends", st, g.State().Phase)
	}
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: crown, Use: true})
	s := g.State()
	if s.Players[0].VP != 1 || !slices.Contains(s.Decks.Purged, crown) || s.Phase != PhaseAgenda {
		t.Fatalf("VP %d, purged %v, phase %s", s.Players[0].VP, s.Decks.Purged, s.Phase)
	}
	checked(t, g)
}

// 73.3, 20.5: Scepter of Emelpar, exhausted, pays a secondary ability's
// strategy token from reinforcements; exhausted, it cannot again.
func TestRule73_3_ScepterOfEmelpar(t *testing.T) {
	g := fixture(t, fixtureConfig(), giveRelic(1, scepter))
	toActionPhase(t, g, "technology", "diplomacy", "trade", "leadership", "politics", "warfare")
	strategic(t, g, 0, "technology")
	do(t, g, act(ActDone, 0)) // seat 0 researches nothing
	before := g.State().Players[1].Strategy
	refuse(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true, Card: "the_codex"}, "")
	do(t, g, Action{Kind: ActSecondary, Seat: 1, Use: true, Card: scepter})
	p := g.State().Players[1]
	if p.Strategy != before || !slices.Contains(p.ExhaustedRelics, scepter) {
		t.Fatalf("strategy pool %d (was %d), exhausted %v", p.Strategy, before, p.ExhaustedRelics)
	}
}

// 73.3, 58.4c: Dominus Orb, purged before the first move, lets units move
// out of systems that hold the player's command token.
func TestRule73_3_DominusOrb(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveRelic(0, dominus)(s)
		s.System(21).Space = []Stack{{Owner: 0, Unit: "cruiser", Count: 1}}
		s.System(21).Command = []int{0}
	})
	activated(t, g, 0, 10)
	refuse(t, g, moveShips(0, 21, "cruiser", 1), "58.4c")
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: dominus, Use: true})
	do(t, g, moveShips(0, 21, "cruiser", 1))
	s := g.State()
	if !slices.Contains(s.Decks.Purged, dominus) || len(s.Players[0].Relics) != 0 {
		t.Fatal("the Orb is purged")
	}
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: dominus, Use: true}, "73.3") // gone, and a move was made
	do(t, g, act(ActEndMovement, 0))
	if count(g.State().System(10).Space, 0, "cruiser") != 1 {
		t.Fatal("the cruiser moved out from under the command token")
	}
}

// 73.3, 74: The Crown of Thalnos. In a space combat round its holder's
// window after the roll opens; each unit named has its missed dice
// rerolled with +1, and a unit whose rerolled dice still all miss is
// destroyed; a unit whose dice all hit cannot be named.
func TestRule73_3_CrownOfThalnos(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed < 80 && checked < 4; seed++ {
		cfg := fixtureConfig()
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, func(s *State) {
			s.Players[0].Relics = []string{"the_crown_of_thalnos"}
			s.System(9).Space = []Stack{{Owner: 0, Unit: "dreadnought", Count: 2}, {Owner: 0, Unit: "carrier", Count: 1}}
			s.System(23).Space = []Stack{{Owner: 1, Unit: "cruiser", Count: 3}}
		})
		toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
		activated(t, g, 0, 23)
		do(t, g, moveShips(0, 9, "dreadnought", 2))
		do(t, g, moveShips(0, 9, "carrier", 1))
		do(t, g, act(ActEndMovement, 0))
		declineWindows(t, g)
		do(t, g, act(ActNoRetreat, 1))
		do(t, g, act(ActNoRetreat, 0))
		c := g.State().Combat
		if c.Answer == nil || c.Answer.Kind != AnswerRerolls || c.Answer.Seat != 0 {
			t.Fatalf("seed %d: combat %+v: the holder's window after the roll", seed, c)
		}
		missed := ""
		for _, d := range c.x().Dice {
			if d.Seat == 0 && !d.hit() && (missed == "" || d.Unit == "dreadnought") {
				missed = d.Unit
			}
		}
		if missed == "" {
			do(t, g, act(ActPassWindow, 0))
			continue
		}
		before := count(g.State().System(23).Space, 0, missed)
		ev := do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "the_crown_of_thalnos", Use: true, ActionExtra: &ActionExtra{Units: []UnitRef{{Unit: missed}}}})
		faces := combatDice(ev)
		if len(faces) != 1 {
			t.Fatalf("seed %d: %d dice rerolled, want the unit's one", seed, len(faces))
		}
		need := profile(g.State(), 0, missed).Combat.Hit
		lost := before - count(g.State().System(23).Space, 0, missed)
		if want := btoi(faces[0]+1 < need); lost != want {
			t.Fatalf("seed %d: rerolled %d (+1, needs %d): %d destroyed, want %d", seed, faces[0], need, lost, want)
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("%d rerolls checked", checked)
	}
}

// 73.3, 74: The Crown of Thalnos in a ground combat round: in the window
// after the roll, an infantry's missed die rerolled with +1 is a hit more
// owed, or the infantry is destroyed.
func TestRule73_3_CrownOfThalnosGround(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed < 80 && checked < 4; seed++ {
		cfg := fixtureConfig("sol", "hacan", "jolnar")
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := invadeArnorAs(t, cfg, func(s *State) {
			arnorHeldBy(1, Stack{Owner: 1, Unit: "infantry", Count: 4})(s)
			s.Players[0].Relics = []string{"the_crown_of_thalnos"}
		})
		do(t, g, Action{Kind: ActCommit, Seat: 0, Planet: "Arnor", Unit: "infantry", Count: 2})
		do(t, g, act(ActEstablishControl, 0))
		do(t, g, act(ActPassWindow, 1)) // no Parley
		passStart(t, g)
		passRoundStart(t, g)
		c := g.State().Combat
		if c.Answer == nil || c.Answer.Kind != "ground_roll" || c.Answer.Seat != 0 || len(c.x().Dice) == 0 {
			continue
		}
		owed := 0
		for _, o := range c.Owed {
			if o.Seat == 1 {
				owed += o.Hits
			}
		}
		need := 0
		for _, d := range c.x().Dice {
			if d.Seat == 0 && !d.hit() {
				need = d.Need
			}
		}
		inf := count(planet(t, g, "Arnor").Units, 0, "infantry")
		ev := do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "the_crown_of_thalnos", Use: true, ActionExtra: &ActionExtra{Units: []UnitRef{{Unit: "infantry"}}}})
		faces := combatDice(ev)
		if len(faces) != 1 {
			t.Fatalf("seed %d: %d dice rerolled", seed, len(faces))
		}
		after := 0
		for _, o := range g.State().Combat.Owed {
			if o.Seat == 1 {
				after += o.Hits
			}
		}
		hit := faces[0]+1 >= need
		if after != owed+btoi(hit) || count(planet(t, g, "Arnor").Units, 0, "infantry") != inf-btoi(!hit) {
			t.Fatalf("seed %d: rerolled %d (+1, needs %d): owed %d→%d, infantry %d→%d", seed, faces[0], need, owed, after, inf, count(planet(t, g, "Arnor").Units, 0, "infantry"))
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("%d rerolls checked", checked)
	}
}

// 73.3, Codex II: Dynamis Core adds 2 to its holder's commodity value; its
// component action purges it for as many trade goods.
func TestRule73_3_DynamisCore(t *testing.T) {
	g := factionGame(t, []string{"sol", "hacan", "jolnar"}, func(s *State) { s.Players[0].Relics = []string{"dynamis_core"} })
	p := g.State().Players[0]
	value := commodityValue(p)
	if value != 6 { // Sol's 4, and 2
		t.Fatalf("commodity value %d, want 6", value)
	}
	tg := p.TradeGoods
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "dynamis_core"})
	p = g.State().Players[0]
	if p.TradeGoods != tg+value || slices.Contains(p.Relics, "dynamis_core") || commodityValue(p) != 4 {
		t.Fatalf("trade goods %d, relics %v: %d trade goods, the relic purged", p.TradeGoods, p.Relics, value)
	}
	g = factionGame(t, []string{"sol", "hacan", "jolnar"}, nil)
	refuse(t, g, Action{Kind: ActComponent, Seat: 0, Card: "dynamis_core"}, "73.3")
}

// 73.3, Codex II: JR-XS455-O, exhausted as a component action: its holder
// places a structure for 3 resources on a planet of theirs; or another
// player chooses, in a step of their own, a trade good.
func TestRule73_3_JRXS455O(t *testing.T) {
	g := factionGame(t, []string{"sol", "hacan", "jolnar"}, func(s *State) {
		s.Players[0].Relics = []string{"jr_xs455_o"}
		s.Players[0].TradeGoods = 3
	})
	jord := g.State().System(g.State().Players[0].Home).Planets[0].Name
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "jr_xs455_o"})
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "jr_xs455_o", Use: true, Outcome: "war_sun", Planet: jord}, "73.3")
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "jr_xs455_o", Use: true, Outcome: "pds", Planet: jord, ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}})
	s := g.State()
	if count(planet(t, g, jord).Units, 0, "pds") != 1 || s.Players[0].TradeGoods != 0 || !slices.Contains(s.Players[0].ExhaustedRelics, "jr_xs455_o") {
		t.Fatal("a PDS for 3, the relic exhausted")
	}

	g = factionGame(t, []string{"sol", "hacan", "jolnar"}, func(s *State) { s.Players[0].Relics = []string{"jr_xs455_o"} })
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "jr_xs455_o"})
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "jr_xs455_o", Use: true, ActionExtra: &ActionExtra{Player: ip(1)}})
	st := g.State().Step
	if st == nil || st.Seat != 1 || st.Card != "jr_xs455_o" {
		t.Fatalf("step %+v: the Hacan choose", st)
	}
	tg := g.State().Players[1].TradeGoods
	do(t, g, Action{Kind: ActUseRelic, Seat: 1, Card: "jr_xs455_o", Use: true, Outcome: "trade_good"})
	if g.State().Players[1].TradeGoods != tg+1 {
		t.Fatal("the Hacan gain a trade good")
	}
}

// 73.3, Codex II: Nano-Forge attaches to a non-home planet its holder
// controls that is not legendary: +2 resources and influence, and the
// planet is legendary; not to a home planet.
func TestRule73_3_NanoForge(t *testing.T) {
	g := factionGame(t, []string{"sol", "hacan", "jolnar"}, func(s *State) {
		s.Players[0].Relics = []string{"nano_forge"}
		arnorHeldBy(0)(s)
	})
	jord := g.State().System(g.State().Players[0].Home).Planets[0].Name
	before := *planetInfo(planet(t, g, "Arnor"))
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "nano_forge"})
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "nano_forge", Use: true, Planet: jord}, "73.3")
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "nano_forge", Use: true, Planet: "Arnor"})
	after := planetInfo(planet(t, g, "Arnor"))
	if after.Resources != before.Resources+2 || after.Influence != before.Influence+2 || !after.Legendary || slices.Contains(g.State().Players[0].Relics, "nano_forge") {
		t.Fatalf("Arnor %+v: +2/+2, legendary, the relic attached", after)
	}
}

// JR-XS455-O offers the Saar no space dock on a planet: theirs are ships
// that stay in space (76.1, Floating Factory; found by the soak).
func TestRule73_3_JRXS455ONoFloatingFactoryOnAPlanet(t *testing.T) {
	g := factionGame(t, []string{"saar", "hacan", "jolnar"}, func(s *State) {
		s.Players[0].Relics = []string{"jr_xs455_o"}
		s.Players[0].TradeGoods = 3
	})
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "jr_xs455_o"})
	for _, a := range Legal(g.State(), engineRNG(), 0) {
		if a.Outcome == "space_dock" {
			t.Fatalf("offered %v", a)
		}
	}
	home := g.State().System(g.State().Players[0].Home).Planets[0].Name
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "jr_xs455_o", Use: true, Outcome: "space_dock", Planet: home, ActionExtra: &ActionExtra{Spend: &Spend{TradeGoods: 3}}}, "73.3")
}

// 73.2, 73.3, Codex IV: Book of Latvinia, gained, has its holder research
// up to 2 technologies without prerequisites (none with); purged as a
// component action, it gives a point to a holder of planets with all four
// technology specialties, else the speaker token.
func TestRule73_3_BookOfLatvinia(t *testing.T) {
	latviniaGame := func(held, specialties bool) *Game {
		g := factionGame(t, []string{"sol", "hacan", "jolnar"}, func(s *State) {
			s.Players[0].RelicFragments = []string{"cultural_relic_fragment", "cultural_relic_fragment", "cultural_relic_fragment"}
			for range 3 { // taken from the deck
				c := s.Decks.Exploration["cultural"]
				i := slices.Index(c, "cultural_relic_fragment")
				s.Decks.Exploration["cultural"] = slices.Delete(c, i, i+1)
			}
			d := s.Decks.Relics
			i := slices.Index(d, "book_of_latvinia")
			d[0], d[i] = d[i], d[0]
			if held { // drawn already
				s.Decks.Relics, s.Players[0].Relics = d[1:], []string{"book_of_latvinia"}
			}
			if !specialties {
				return
			}
			seen := map[string]bool{}
			for _, sys := range s.Systems {
				for _, pl := range sys.Planets {
					if c := planetInfo(pl).Tech; c != "" && !seen[c] && pl.Controller == None && len(pl.Units) == 0 {
						seen[c], pl.Controller, pl.ControlToken = true, 0, true
					}
				}
			}
		})
		g.State().Speaker = 1 // as if Politics had made them so
		return g
	}
	g := latviniaGame(false, false)
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "cultural_relic_fragment"})
	st := g.State().Step
	if st == nil || st.Kind != StepAgendaTech || st.Card != "book_of_latvinia" || st.Need != 2 || slices.Contains(st.Cards, "graviton_laser_system") {
		t.Fatalf("step %+v: 2 technologies without prerequisites", st)
	}
	refuse(t, g, Action{Kind: ActResearch, Seat: 0, Card: "graviton_laser_system"}, "1.3")
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "sarween_tools"})
	do(t, g, Action{Kind: ActResearch, Seat: 0, Card: "plasma_scoring"})
	s := checked(t, g)
	if !slices.Contains(s.Players[0].Techs, "sarween_tools") || !slices.Contains(s.Players[0].Techs, "plasma_scoring") || s.Step != nil {
		t.Fatalf("techs %v, step %+v", s.Players[0].Techs, s.Step)
	}
	g = latviniaGame(true, false)
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "book_of_latvinia"})
	if s := checked(t, g); s.Speaker != 0 || s.Players[0].VP != 0 || !slices.Contains(s.Decks.Purged, "book_of_latvinia") {
		t.Fatalf("speaker %d, %d points: the speaker token, no point", s.Speaker, s.Players[0].VP)
	}

	g = latviniaGame(true, true)
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "book_of_latvinia"})
	if s := checked(t, g); s.Speaker != 1 || s.Players[0].VP != 1 || s.Players[0].CardVP != 1 {
		t.Fatalf("speaker %d, %d points: a point, the speaker unchanged", s.Speaker, s.Players[0].VP)
	}
}

// 73.3, Codex IV: Circlet of the Void: its holder's ships roll for no
// gravity rift, still moving 1 more out of it (41.1), and pass through and
// into asteroid fields, nebulae and supernovae; exhausted as a component
// action, it explores a frontier token in a system without other players'
// ships, not one with them.
func TestRule73_3_CircletOfTheVoid(t *testing.T) {
	g := factionGame(t, []string{"sol", "hacan", "jolnar"}, func(s *State) {
		i := slices.Index(s.Decks.Relics, "circlet_of_the_void")
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[0].Relics = []string{"circlet_of_the_void"}
		s.System(23).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	s := g.State()
	for pos, anomaly := range map[int]string{24: "gravity-rift", 25: "nebula", 26: "supernova", 27: "asteroid-field"} {
		if !s.anomaly(pos, anomaly) {
			t.Fatalf("the fixture's system %d is no %s", pos, anomaly)
		}
	}
	if b, roll := s.riftAt(0, 24, false); b != 1 || roll {
		t.Fatalf("a rift gives %d and rolls %v: 1, no roll", b, roll)
	}
	if b, roll := s.riftAt(1, 24, false); b != 1 || !roll {
		t.Fatal("another player's ships roll")
	}
	for _, pos := range []int{25, 26, 27} {
		if s.blocked(0, pos, false) || s.blocked(0, pos, true) || !s.blocked(1, 26, true) {
			t.Fatalf("system %d blocks the holder's ships, or the supernova does not block another's", pos)
		}
	}
	if !hasFrontier(s.System(21)) || !hasFrontier(s.System(23)) {
		t.Fatal("the fixture's systems 21 and 23 have no frontier tokens")
	}
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: "circlet_of_the_void"})
	refuse(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "circlet_of_the_void", Use: true, System: ip(23)}, "73.3")
	do(t, g, Action{Kind: ActUseRelic, Seat: 0, Card: "circlet_of_the_void", Use: true, System: ip(21)})
	s = checked(t, g)
	if hasFrontier(s.System(21)) || !slices.Contains(s.Players[0].ExhaustedRelics, "circlet_of_the_void") {
		t.Fatal("the token explored, the relic exhausted")
	}
}

// 12.2b, 73.3: a promissory note attached to a planet (Terraform) is
// purged with it when Stellar Converter destroys the planet; the note is
// then out of the game, and the books still balance (found by the soak).
func TestRule12_2b_NoteAttachedIsPurgedWithItsPlanet(t *testing.T) {
	cfg := fixtureConfig("jolnar", "titans", "hacan")
	cfg.Rules = RulesCurrent
	g := fixture(t, cfg, func(s *State) {
		i := slices.Index(s.Decks.Relics, stellar)
		s.Decks.Relics = slices.Delete(s.Decks.Relics, i, i+1)
		s.Players[0].Relics = []string{stellar}
		p := s.Players[1]
		k := slices.Index(p.Promissory, "titans:terraform")
		p.Promissory = slices.Delete(slices.Clone(p.Promissory), k, k+1)
		pl, _ := s.Planet("Arnor")
		pl.Controller, pl.Units, pl.Attachments = 1, []Stack{{Owner: 1, Unit: "infantry", Count: 1}}, []string{"titans:terraform"}
	})
	if err := CheckInvariants(g.State()); err != nil {
		t.Fatalf("attached: %v", err)
	}
	toActionPhase(t, g, "leadership", "diplomacy", "politics", "trade", "warfare", "technology")
	do(t, g, Action{Kind: ActComponent, Seat: 0, Card: stellar})
	do(t, g, Action{Kind: ActChoosePlanet, Seat: 0, Planet: "Arnor"})
	s := checked(t, g)
	if !slices.Contains(s.Decks.Purged, "titans:terraform") || slices.Contains(s.Players[1].Promissory, "titans:terraform") {
		t.Fatalf("purged %v; the Titans hold %v", s.Decks.Purged, s.Players[1].Promissory)
	}
}
