package ti4

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// randomPlayerAction builds a player action of a random kind with random
// arguments drawn from the game's own vocabulary, setting only the fields
// that kind reads.
func randomPlayerAction(s *State, r *engine.RNG) Action {
	c := data.MustLoad()
	kinds := []string{ActPick, ActPass, ActRedistribute, ActStrategic, ActSecondary, ActSpendPlanet, ActSpendTG,
		ActSpecialty, ActGainTokens, ActChooseSystem, ActReadyPlanet, ActDone, ActChooseSpeaker, ActOrderAgendas,
		ActPlaceStructure, ActChoosePlayer, ActRemoveToken, ActResearch, ActActivate, ActMoveShips, ActTransport,
		ActEndMovement, ActProduce, ActEndTactical, ActCommit, ActEstablishControl, ActRemoveExcess,
		ActAssignHit, ActRetreat, ActNoRetreat, ActBombard, ActTradeOpen, ActTradeAdd, ActTradeAccept, ActTradeCancel, ActReclaim, ActExplore, ActUseRelic, ActTakeCard, ActUseAbility, ActUseAbility}
	a := Action{Kind: kinds[r.IntN(len(kinds))], Seat: r.IntN(len(s.Players))}
	var planets []string
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			planets = append(planets, pl.Name)
		}
	}
	planet := func() string { return planets[r.IntN(len(planets))] }
	sys := func() *int { return ip(s.Systems[r.IntN(len(s.Systems))].Pos) }
	unit := func() string { return UnitTypes[r.IntN(len(UnitTypes))] }
	pools := func() *Pools { return &Pools{r.IntN(5), r.IntN(5), r.IntN(5)} }
	switch a.Kind {
	case ActPick, ActStrategic:
		a.Card = c.Strategy[r.IntN(8)].ID
	case ActRedistribute, ActGainTokens:
		a.Pools = pools()
	case ActSecondary:
		a.Use = r.IntN(2) == 0
	case ActSpendPlanet, ActSpecialty, ActReadyPlanet:
		a.Planet = planet()
	case ActSpendTG:
		a.Count = 1 + r.IntN(3)
	case ActDone:
		if r.IntN(2) == 0 {
			a.Pools = pools()
		}
	case ActAssignHit:
		a.Unit, a.Use = unit(), r.IntN(2) == 0
		if r.IntN(2) == 0 {
			a.Planet = planet()
		}
	case ActBombard:
		a.Planet = planet()
	case ActExplore:
		opts := []string{optDecline, optPlace, optRemove, optGain, optConvert, optDrawTG, optDrawCommodity, optMechTG, optMechCommodity, "tactic", "fleet", "strategy"}
		a.Outcome = opts[r.IntN(len(opts))]
	case ActUseRelic:
		cards := []string{maw, tears, crown, dominus, thalnos, "the_atrament", "imperial_arms_vault", "exterrix_headquarters", "mirage_flight_academy"}
		a.Card, a.Use = cards[r.IntN(len(cards))], r.IntN(4) > 0
		switch r.IntN(5) {
		case 3:
			a.own().Units = []UnitRef{{Unit: unit()}, {Unit: unit()}}
		case 0:
			a.Planet, a.Count = planet(), r.IntN(3)
		case 1:
			a.System, a.Count = sys(), 1+r.IntN(3)
		case 2:
			a.Outcome = []string{"prerequisite", "draw", "mech", "gain", "convert"}[r.IntN(5)]
		}
	case ActTakeCard:
		a.Card = c.ActionCards[r.IntN(len(c.ActionCards))].ID
	case ActUseAbility:
		ids := usedAbilities()
		a.Card, a.Use = ids[r.IntN(len(ids))], r.IntN(5) > 0
		if st := s.Step; st != nil && st.Kind == StepAbility && r.IntN(2) == 0 { // mostly the window open
			a.Seat, a.Card = st.Seat, st.Card
		}
		switch r.IntN(6) {
		case 0:
			a.Planet = planet()
			if own := s.ownPlanets(a.Seat); len(own) > 0 && r.IntN(2) == 0 {
				a.Planet = own[r.IntN(len(own))].Name
			}
		case 1:
			a.System = sys()
		case 2:
			a.Outcome = []string{"prerequisite", "production", "graviton_laser_system", "sling_relay"}[r.IntN(4)]
		case 3:
			a.Pools = pools()
		case 4:
			pos := sys()
			var from string
			if ps := s.System(*pos).Planets; len(ps) > 0 {
				from = ps[r.IntN(len(ps))].Name
			}
			a.own().Units = []UnitRef{{System: *pos, Planet: from, Unit: []string{"infantry", "mech"}[r.IntN(2)], To: planet()}}
		}
	case ActChooseSystem, ActRemoveToken, ActActivate, ActRetreat:
		a.System = sys()
	case ActTradeAdd:
		a.Card = []string{"trade_goods", "commodities"}[r.IntN(2)]
		if p := s.Players[a.Seat]; len(p.Promissory) > 0 && r.IntN(2) == 0 {
			a.Card = p.Promissory[r.IntN(len(p.Promissory))]
		}
	case ActChooseSpeaker, ActChoosePlayer, ActTradeOpen:
		a.own().Player = ip(r.IntN(len(s.Players)))
	case ActOrderAgendas:
		if len(s.Decks.Agendas) >= 2 {
			opts := agendaOrders(s.Decks.Agendas[:2])
			return withSeat(opts[r.IntN(len(opts))], a.Seat)
		}
	case ActPlaceStructure:
		a.Unit = []string{"pds", "space_dock"}[r.IntN(2)]
		a.Planet = planet()
	case ActResearch:
		a.Card = c.Technologies[r.IntN(len(c.Technologies))].ID
	case ActReclaim:
		a.System, a.Unit = sys(), unit()
		if r.IntN(2) == 0 {
			a.Planet = planet()
		}
	case ActMoveShips, ActTransport, ActRemoveExcess:
		a.System, a.Unit, a.Count = sys(), unit(), 1+r.IntN(3)
	case ActProduce:
		a.Unit, a.Count = unit(), 1+r.IntN(4)
		if r.IntN(2) == 0 {
			a.Planet = planet()
		}
	case ActCommit:
		a.Planet, a.Unit, a.Count = planet(), []string{"infantry", "mech"}[r.IntN(2)], 1+r.IntN(3)
	}
	return a
}

func withSeat(a Action, seat int) Action { a.Seat = seat; return a }

// usedAbilities are the ids of the abilities used by a choice, sorted.
func usedAbilities() []string {
	var ids []string
	for id, a := range definitions {
		if len(a.Uses) > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// allTechGame is a game in which every player owns every generic
// technology, so that their uses are open.
func allTechGame(t *testing.T, cfg Config) *Game {
	s, rng, err := Setup(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Players {
		for _, tech := range data.MustLoad().Technologies {
			if tech.Faction == "" && tech.Unit == "" && !p.HasTech(tech.ID) {
				p.Techs = append(p.Techs, tech.ID)
			}
		}
	}
	return fixtureFrom(t, s, rng)
}

// baseFactionIDs are the 17 factions of the base game.
var baseFactionIDs = []string{"arborec", "letnev", "saar", "muaat", "hacan", "sol", "creuss", "l1z1x", "mentak",
	"naalu", "nekro", "sardakk", "jolnar", "winnu", "xxcha", "yin", "yssaril"}

func key(a Action) string {
	b, _ := json.Marshal(a)
	return string(b)
}

// The generator is complete and sound: any player action Decide accepts is
// listed, and every listed action is accepted (Legal checks its hottest
// candidates, activations, without Decide). The states come from random
// legal play, the seats taking the 17 base factions in turn, so that every
// one of them is seated.
func TestLegalIsComplete(t *testing.T) {
	checked, accepted, uses := 0, 0, 0
	seated := map[string]bool{}
	next := 0
	for seed := uint64(0); seed < 10; seed++ {
		cfg := Config{Players: 3 + int(seed)%4, Seed: seed}
		for range cfg.Players {
			cfg.Factions = append(cfg.Factions, baseFactionIDs[next%len(baseFactionIDs)])
			seated[baseFactionIDs[next%len(baseFactionIDs)]] = true
			next++
		}
		g, err := NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if seed >= 6 { // with every generic technology in play
			g = allTechGame(t, cfg)
		}
		r := engine.NewRNG(seed + 77)
		for step := 0; step < 400 && g.State().Round <= 2; step++ {
			s := g.State()
			listed := map[int]map[string]bool{}
			var all []Action
			for _, q := range s.Active() {
				listed[q] = map[string]bool{}
				for _, a := range Legal(s, engine.NewRNG(0), q) {
					listed[q][key(a)] = true
					all = append(all, a)
				}
			}
			for k := 0; k < 40; k++ {
				a := randomPlayerAction(s, &r)
				checked++
				if g.Check(a) != nil {
					continue
				}
				accepted++
				if a.Kind == ActUseAbility {
					uses++
				}
				if !listed[a.Seat][key(a)] {
					t.Fatalf("seed %d step %d: %v is accepted but not listed", seed, step, a)
				}
			}
			if len(all) == 0 {
				t.Fatalf("seed %d step %d: nobody can act", seed, step)
			}
			for _, a := range all {
				if err := g.Check(a); err != nil {
					t.Fatalf("seed %d step %d: %v is listed but refused: %v", seed, step, a, err)
				}
			}
			if _, err := g.Do(all[r.IntN(len(all))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if accepted == 0 || uses == 0 || len(seated) != len(baseFactionIDs) {
		t.Fatalf("%d random actions accepted, %d of them uses of abilities, %d factions seated: the test proves too little", accepted, uses, len(seated))
	}
	t.Logf("%d random actions, %d accepted (%d uses of abilities), all listed", checked, accepted, uses)
}

// Deciding names a seat that can act whenever any seat can: across random
// games, self-play never has to fall back to asking every seat.
func TestDecidingFindsTheSeat(t *testing.T) {
	states, misses := 0, 0
	for seed := uint64(0); seed < 4; seed++ {
		g, err := NewGame(Config{Players: 3 + int(seed), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed)
		for i := 0; i < 1500 && g.State().Phase != PhaseOver; i++ {
			s := g.State()
			var legal []Action
			for _, q := range Deciding(s) {
				if legal = Legal(s, engine.NewRNG(0), q); len(legal) > 0 {
					break
				}
			}
			if len(legal) == 0 {
				misses++
				for _, q := range s.Active() {
					if legal = Legal(s, engine.NewRNG(0), q); len(legal) > 0 {
						break
					}
				}
			}
			states++
			if _, err := g.Do(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if misses > 0 {
		t.Fatalf("Deciding missed the acting seat in %d of %d states", misses, states)
	}
}

// In the movement and production steps, where Legal filters its candidates
// hardest, every move, transport and production over a grid of systems,
// planets, unit types and counts that Decide accepts is listed. The states
// come from random play, with ships already declared in many of them.
func TestLegalIsCompleteInTacticalSteps(t *testing.T) {
	states, accepted := 0, 0
	for seed := uint64(0); seed < 8; seed++ {
		g, err := NewGame(Config{Players: 3 + int(seed)%4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRNG(seed + 5)
		for step := 0; step < 1500 && g.State().Round <= 4; step++ {
			s := g.State()
			seat := Deciding(s)[0]
			legal := Legal(s, engine.NewRNG(0), seat)
			if tc := s.Tactical; tc != nil && tc.Seat == seat && s.Step == nil && s.Combat == nil && (tc.Step == TacMovement || tc.Step == TacProduction) {
				states++
				listed := map[string]bool{}
				for _, a := range legal {
					listed[key(a)] = true
				}
				kinds := []string{ActMoveShips, ActTransport}
				if tc.Step == TacProduction {
					kinds = []string{ActProduce}
				}
				for _, sys := range s.Systems {
					places := []string{""}
					for _, pl := range sys.Planets {
						places = append(places, pl.Name)
					}
					for _, kind := range kinds {
						for _, u := range UnitTypes {
							for n := 1; n <= 4; n++ {
								for _, pl := range places {
									a := Action{Kind: kind, Seat: seat, System: ip(sys.Pos), Unit: u, Count: n, Planet: pl}
									if kind == ActProduce {
										if sys.Pos != tc.System {
											continue
										}
										a.System = nil
									}
									if g.Check(a) != nil {
										continue
									}
									accepted++
									if !listed[key(a)] {
										t.Fatalf("seed %d step %d: %v is accepted but not listed", seed, step, a)
									}
								}
							}
						}
					}
				}
			}
			if _, err := g.Do(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if states < 50 || accepted < 100 {
		t.Fatalf("%d tactical states, %d accepted actions: too few to test", states, accepted)
	}
	t.Logf("%d tactical states, %d accepted actions, all listed", states, accepted)
}

// Every action kind has its fields listed, and only listed kinds exist:
// checkFields is what refuses an unknown kind.
func TestEveryKindHasItsFields(t *testing.T) {
	for _, k := range actionKinds {
		if _, ok := allowedFields[k]; !ok {
			t.Errorf("%s has no fields listed", k)
		}
	}
	if len(allowedFields) != len(actionKinds) {
		t.Errorf("%d kinds have fields, %d kinds exist", len(allowedFields), len(actionKinds))
	}
	if err := (Rules{}).Check(nil, Action{Kind: "nuke"}); err == nil || !strings.Contains(err.Error(), "unknown action") {
		t.Fatalf("an unknown kind: %v", err)
	}
}

// A production an effect opens in the agenda phase (a planet gained by
// Colonial Redistribution and explored to Freelancers, or Integrated
// Economy) is listed and can be ended: random games stalled there.
func TestLegalListsAProductionInTheAgendaPhase(t *testing.T) {
	g := fixture(t, fixtureConfig(), nil)
	s := g.State().Clone()
	s.Phase = PhaseAgenda
	s.Agenda = &AgendaStep{Number: 1, Resolved: true}
	s.Step = &Step{Kind: StepFreelance, Seat: 0, Card: "freelancers", Systems: []int{s.Players[0].Home}, Prod: &Production{}}
	opts := Legal(s, engine.NewRNG(0), 0)
	if !slices.ContainsFunc(opts, func(a Action) bool { return a.Kind == ActDone }) ||
		!slices.ContainsFunc(opts, func(a Action) bool { return a.Kind == ActProduce }) {
		t.Fatalf("the production's options are listed: %v", opts)
	}
}
