package ti4

import (
	"slices"
	"strings"
	"testing"

	"github.com/mecatol/mecatol/internal/engine"
)

// giveNote moves a note from its owner's hand to another seat's hand.
func giveNote(note string, to int) func(s *State) {
	return func(s *State) {
		o := s.seatOfFaction(noteOwner(note))
		s.Players[o].Promissory = slices.DeleteFunc(s.Players[o].Promissory, func(n string) bool { return n == note })
		s.Players[to].Promissory = append(s.Players[to].Promissory, note)
	}
}

// 69.1, 69.3: Support for the Throne is placed in play, for a point, as
// soon as another player receives it; activating a system with its owner's
// units loses the point and returns it.
func TestRule69_SupportForTheThrone(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		s.System(23).Space = []Stack{{Owner: 1, Unit: "carrier", Count: 1}}
	})
	do(t, g, Action{Kind: ActTradeOpen, Seat: 0, ActionExtra: &ActionExtra{Player: ip(1)}})
	do(t, g, Action{Kind: ActTradeAdd, Seat: 0, Card: "jolnar:support_for_the_throne"})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 0})
	do(t, g, Action{Kind: ActTradeAccept, Seat: 1})
	s := g.State()
	p := s.Players[1]
	if p.VP != 1 || !slices.Contains(p.NotesInPlay, "jolnar:support_for_the_throne") || slices.Contains(p.Promissory, "jolnar:support_for_the_throne") {
		t.Fatalf("received: VP %d, in play %v, hand %v", p.VP, p.NotesInPlay, p.Promissory)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
	// Sol activates a system with Jol-Nar's units: the point goes.
	activated(t, g, 0, 9)
	do(t, g, act(ActEndMovement, 0))
	establishControl(t, g, 0)
	do(t, g, act(ActEndTactical, 0))
	activated(t, g, 1, 22)
	s = g.State()
	if s.Players[1].VP != 0 || len(s.Players[1].NotesInPlay) != 0 || !slices.Contains(s.Players[0].Promissory, "jolnar:support_for_the_throne") {
		t.Fatalf("after activating Jol-Nar's home: VP %d, in play %v", s.Players[1].VP, s.Players[1].NotesInPlay)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// 69.2: a player cannot play their own notes; Ceasefire stops the active
// player moving into a system with the holder's units.
func TestRule69_2_Ceasefire(t *testing.T) {
	g := tacticalFixture(t, func(s *State) {
		giveNote("jolnar:ceasefire", 1)(s)
		s.System(9).Space = []Stack{{Owner: 1, Unit: "destroyer", Count: 1}}
	})
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: "jolnar:ceasefire"}, "69.1") // no activation yet
	activated(t, g, 0, 9)
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 0, Card: "jolnar:alliance"}, "69.2")
	do(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: "jolnar:ceasefire"})
	refuse(t, g, moveShips(0, 22, "carrier", 1), "69.1")
	if !slices.Contains(g.State().Players[0].Promissory, "jolnar:ceasefire") {
		t.Fatal("69.3: the note goes back to its owner")
	}
}

// Trade Agreement: the owner's replenished commodities go to the holder,
// as trade goods, and the note returns.
func TestRule69_TradeAgreement(t *testing.T) {
	g := tacticalFixture(t, giveNote("jolnar:trade_agreement", 2))
	strategic(t, g, 0, "trade")
	s := g.State()
	if s.Players[0].Commodities != 0 || s.Players[2].TradeGoods != 4 || !slices.Contains(s.Players[0].Promissory, "jolnar:trade_agreement") {
		t.Fatalf("Jol-Nar commodities %d, Hacan trade goods %d", s.Players[0].Commodities, s.Players[2].TradeGoods)
	}
}

// Political Secret under the rules before factions: played when an agenda
// is revealed, its owner cannot vote on it; it returns at the end of the
// agenda phase.
func TestRule69_PoliticalSecret(t *testing.T) {
	g := agendaFixture(t, []string{"mutiny", "economic_equality"}, giveNote("sol:political_secret", 2))
	do(t, g, Action{Kind: ActPlayNote, Seat: 2, Card: "sol:political_secret"})
	passWindows(t, g)
	refuse(t, g, Action{Kind: ActVote, Seat: 1, Outcome: For}, "8.16")
	if v := g.State().Agenda.Voters; !slices.Equal(v, []int{2, 0}) {
		t.Fatalf("voters %v", v)
	}
	abstain(t, g, 2)
	abstain(t, g, 0)
	do(t, g, Action{Kind: ActBreakTie, Seat: 0, Outcome: Against})
	passWindows(t, g)
	refuse(t, g, Action{Kind: ActPlayNote, Seat: 1, Card: "sol:ceasefire"}, "69.2")
	passWindows(t, g)
	if v := g.State().Agenda.Voters; !slices.Equal(v, []int{1, 2, 0}) {
		t.Fatalf("the second agenda: voters %v", v)
	}
	settle(t, g)
	if !slices.Contains(g.State().Players[1].Promissory, "sol:political_secret") {
		t.Fatal("the note returns after the agenda phase")
	}
}

// Political Secret under the rules with factions (69.1): until the agenda
// is resolved its owner votes on nothing, plays no action card and uses no
// faction ability by choice; then the note goes back, and the owner votes
// on the next agenda.
func TestRule69_PoliticalSecretUntilResolved(t *testing.T) {
	const note = "xxcha:political_secret"
	g := factionAgenda(t, []string{"xxcha", "sol", "hacan"}, []string{"mutiny", "economic_equality"}, func(s *State) {
		giveNote(note, 2)(s)
		giveAC(0, "veto")(s)
	})
	do(t, g, Action{Kind: ActPlayNote, Seat: 2, Card: note})
	refuse(t, g, Action{Kind: ActPlayAC, Seat: 0, Card: "veto"}, "69.1")
	refuse(t, g, use(0, "xxcha:quash", Action{}), "69.1")
	passWindows(t, g)
	abstain(t, g, 1)
	abstain(t, g, 2)
	do(t, g, Action{Kind: ActBreakTie, Seat: 0, Outcome: Against})
	passWindows(t, g)
	s := g.State()
	if !slices.Contains(s.Players[0].Promissory, note) || slices.Contains(s.Players[2].NotesInPlay, note) {
		t.Fatal("the note goes back once the agenda is resolved")
	}
	if s.Agenda == nil || s.Agenda.Card != "economic_equality" || slices.Contains(s.Agenda.Silenced, 0) {
		t.Fatalf("the next agenda, on which the Xxcha vote: %+v", s.Agenda)
	}
	do(t, g, use(0, "xxcha:quash", Action{})) // its faction ability again
}

// Every note's window lies where notesMayOpen looks: in random games, at
// every position where it says no, no defined note's moment holds for
// anyone holding it.
func TestNoteWindowsLieWhereNotesMayOpen(t *testing.T) {
	checked := 0
	groups := [][]string{{"xxcha", "muaat", "hacan"}, {"winnu", "yin", "arborec"}, {"creuss", "mentak", "nekro"},
		{"sol", "naalu", "jolnar"}, {"saar", "letnev", "sardakk"}, {"yssaril", "l1z1x", "winnu"}}
	for i, f := range groups {
		seed := uint64(i + 1)
		cfg := fixtureConfig(f...)
		cfg.Rules, cfg.Seed = RulesCurrent, seed
		g := fixture(t, cfg, nil)
		rng := engine.NewRNG(seed)
		for step := 0; step < 1500 && g.State().Phase != PhaseOver; step++ {
			s := g.State()
			for seat := range s.Players {
				if notesMayOpen(s, seat) {
					continue
				}
				for id := range promissoryNotes {
					for _, owner := range s.Players {
						note := owner.Faction + ":" + id // a generic note of each faction's
						if strings.Contains(id, ":") {
							note = id // a faction's own
						}
						if noteMoment(s, seat, note) {
							t.Fatalf("seed %d step %d: %s's moment holds for seat %d outside notesMayOpen", seed, step, note, seat)
						}
						checked++
					}
				}
			}
			d := Deciding(s)
			if len(d) == 0 {
				break
			}
			opts := Legal(s, rng, d[0])
			if len(opts) == 0 {
				break
			}
			do(t, g, opts[rng.IntN(len(opts))])
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}
