package ti4

import (
	"maps"
	"slices"
	"sync"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ti4/data"
)

// Relics (LRR 73): three relic fragments of a kind (unknown fragments
// standing in for any kind) are purged to gain the top relic (73.1,
// 73.2), and the relics' abilities. Built: Shard of the Throne, The
// Obsidian, The Codex, Stellar Converter, Maw of Worlds, The Prophet's
// Tears, The Crown of Emphidia, Scepter of Emelpar (a secondary ability
// paid for from reinforcements: `secondary` with `card`) and Dominus Orb. A relic
// that asks whether it is used opens a relic step (`use_relic`: use, and
// the planet or outcome).

const (
	EvFragmentsPurged = "relic_fragments_purged" // Cards: the fragments
	EvRelicMoved      = "relic_moved"            // Card: from Owner to Seat
	EvRelicPurged     = "relic_purged"           // Card: from Seat's play area
	EvCardTaken       = "action_card_recovered"  // Card: from the discard pile to Seat's hand
	EvPlanetDestroyed = "planet_destroyed"       // Planet in System: its units go, its attachments and card are purged
	EvTileReplaced    = "tile_replaced"          // System's tile becomes Card; its planets, their units gone already, leave the game
	EvSystemsSwapped  = "systems_swapped"        // the systems at System and Count trade places, with all they hold
	EvRelicExhausted  = "relic_exhausted"        // Card: until the status phase readies it (34.2)
	EvCrownAsked      = "crown_asked"            // this status phase's Crown of Emphidia window has opened
	EvOrbUsed         = "dominus_orb_used"       // this tactical action's units move out of systems with the player's tokens

	StepCodex     = "codex"             // The Codex: up to 3 action cards from the discard pile; Count taken so far
	StepConverter = "stellar_converter" // Stellar Converter: the planet to destroy
	StepRelic     = "relic_window"      // Card: a relic its holder may use now; Then "tomb" for the Crown's point
	ActTakeCard   = "take_card"         // card: an action card in the discard pile
	ActUseRelic   = "use_relic"         // card, use; planet (The Crown of Emphidia), outcome (The Prophet's Tears), cards (Neuraloop)

	shard    = "shard_of_the_throne"
	shardVP  = "relic:" + shard // its points' source: the base game has an agenda of the same id
	obsidian = "the_obsidian"
	codex    = "the_codex"
	stellar  = "stellar_converter"
	maw      = "maw_of_worlds"
	scepter  = "scepter_of_emelpar"
	dominus  = "dominus_orb"
	tears    = "the_prophets_tears"
	crown    = "the_crown_of_emphidia"
	crownVP  = "relic:" + crown
)

// relic is one relic's definition (73.3), found by its id. A relic with a
// component action registers it as a Component (Stellar Converter, The
// Codex).
type relic struct {
	gained  func(s *State, seat int, rng *engine.RNG) []Event // on gaining it
	points  int                                               // worth to its holder
	secrets int                                               // more secret objectives allowed (61.21)
	// followsPlanets: whoever gains control of a legendary planet, or a
	// planet in the home system, of its holder takes it, with its points
	// (Shard of the Throne; relicTaken).
	followsPlanets bool
	// Its relic step (StepRelic) opens at the agenda phase's start, or
	// after its holder's tactical action when afterTactical says so; use
	// resolves it (a.Use), stepOffer lists its uses there (or one use).
	atAgendaStart bool
	afterTactical func(s *State, seat int) bool
	stepOffer     func(s *State, seat int, st *Step, add func(Action))
	use           func(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error)
	// direct: used at its own moment, outside a relic step: before the
	// first move (beforeMoving), or during a research (researching).
	direct        bool
	beforeMoving  bool
	researching   func(s *State, seat int, r string, add func(Action))
	paysSecondary bool // pays a secondary's strategy token (relicPaysSecondary)
	// commodities: more commodity value while held (Dynamis Core); attach:
	// what it gives a planet it is attached to (Nano-Forge).
	commodities int
	attach      attachment
	// permits: what it lets its holder's ships do that anomalies forbid;
	// noRiftRoll: their ships roll for no gravity rift (Circlet of the Void).
	permits    Permit
	noRiftRoll bool
	// since: the rules version from which it is in the relic deck, if
	// later than its Codex volume's (Neuraloop).
	since int
	// cards: its use names cards (Neuraloop: the relic purged); others
	// refuse them.
	cards bool
	// onReveal: its relic step opens for its holder after a public
	// objective is revealed, from rules version 10, with the objective in
	// the step's Cards (Neuraloop).
	onReveal bool
}

// revealWindows opens, after the public objective obj is revealed, the
// relic steps of the holders of relics that answer a reveal.
func revealWindows(s *State, obj string) []Event {
	if s.rules() < RulesAgents {
		return nil
	}
	var ev []Event
	for _, q := range s.Active() {
		for _, r := range s.Players[q].Relics {
			if d := relics[r]; d != nil && d.onReveal {
				ev = s.extend(ev, queue(Step{Kind: StepRelic, Seat: q, Card: r, Cards: []string{obj}}))
			}
		}
	}
	return ev
}

// relicPermits reports a relic seat holds that permits p.
func (s *State) relicPermits(seat int, p Permit) bool {
	for _, r := range s.Players[seat].Relics {
		if d := relics[r]; d != nil && d.permits&p != 0 {
			return true
		}
	}
	return false
}

// relicNoRiftRoll reports a relic seat holds whose ships roll for no
// gravity rift.
func (s *State) relicNoRiftRoll(seat int) bool {
	return slices.ContainsFunc(s.Players[seat].Relics, func(r string) bool { return relics[r] != nil && relics[r].noRiftRoll })
}

// relicCommodities is what the relics p holds add to its commodity value.
func relicCommodities(p *Player) int {
	n := 0
	for _, r := range p.Relics {
		if d := relics[r]; d != nil {
			n += d.commodities
		}
	}
	return n
}

// relics holds every relic's definition, by id (set at init: a relic's
// use may gain a planet, which asks these definitions).
var relics map[string]*relic

func init() { relics = relicDefs() }

func relicDefs() map[string]*relic {
	m := map[string]*relic{
		shard:    {gained: func(s *State, seat int, _ *engine.RNG) []Event { return s.emit(vp(seat, 1, shardVP)) }, points: 1, followsPlanets: true},
		obsidian: {gained: func(s *State, seat int, rng *engine.RNG) []Event { return drawSecret(s, seat, rng) }, secrets: 1},
		codex:    {},
		stellar:  {},
		maw:      {atAgendaStart: true, use: mawOfWorlds},
		crown:    {afterTactical: func(s *State, seat int) bool { return len(crownPlanets(s, seat)) > 0 }, stepOffer: crownOffer, use: crownOfEmphidia},
		scepter:  {paysSecondary: true},
		dominus:  {direct: true, beforeMoving: true, use: dominusOrb},
		tears:    {direct: true, researching: tearsOffer, use: prophetsTears},
		thalnos:  {direct: true, use: crownOfThalnos},
	}
	maps.Copy(m, codexRelicDefs())
	return m
}

// relicOrder is the relics' ids, sorted, for steps opened in a fixed order.
var relicOrder = sync.OnceValue(func() []string { return slices.Sorted(maps.Keys(relics)) })

// relicName is a relic's name in the data.
func relicName(id string) string {
	for _, r := range data.MustLoad().Relics {
		if r.ID == id {
			return r.Name
		}
	}
	return id
}

// relicsOnPlanetTaken: the relics that change hands with a planet.
func relicsOnPlanetTaken(s *State, x *explorer, seat, pos int, pl *Planet) []Event {
	var ev []Event
	for _, r := range relicOrder() {
		if relics[r].followsPlanets {
			ev = s.extend(ev, relicTaken(s, x, r, seat, pos, pl)...)
		}
	}
	return ev
}

// Dominus Orb, in its holder's play area, is purged before the tactical
// action's first move: units move out of systems with their tokens.
func dominusOrb(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	t, err := inTactical(s, a.Seat, TacMovement)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(s.Players[a.Seat].Relics, dominus) || len(t.Moves) > 0 || !a.Use {
		return nil, engine.Refuse("73.3", "Dominus Orb, in your play area, is purged before the first move")
	}
	return s.emit(Event{Kind: EvRelicPurged, Seat: a.Seat, Card: dominus}, Event{Kind: EvOrbUsed, Seat: a.Seat}), nil
}

// The Prophet's Tears, exhausted while researching (90.9): a prerequisite
// ignored, or an action card drawn.
func prophetsTears(s *State, a Action, _ *Step, rng *engine.RNG) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepResearch); err != nil {
		return nil, err
	}
	if !s.readyRelic(a.Seat, tears) || !a.Use {
		return nil, engine.Refuse("73.3", "The Prophet's Tears is used by exhausting it, and it is not ready in your play area")
	}
	ev := s.emit(Event{Kind: EvRelicExhausted, Seat: a.Seat, Card: tears})
	switch a.Outcome {
	case "prerequisite":
		return s.extend(ev, Event{Kind: EvSpent, Seat: a.Seat, Card: "any"}), nil
	case "draw":
		return s.extend(ev, drawActionCards(s, a.Seat, 1, rng)...), nil
	}
	return nil, engine.BadInput("outcome", "The Prophet's Tears ignores a prerequisite or draws an action card: %q", a.Outcome)
}

func tearsOffer(_ *State, _ int, r string, add func(Action)) {
	for _, o := range []string{"prerequisite", "draw"} {
		add(Action{Kind: ActUseRelic, Card: r, Use: true, Outcome: o})
	}
}

// Maw of Worlds, at the start of the agenda phase: purged, every planet of
// its holder's exhausted, any technology gained (90.5).
func mawOfWorlds(s *State, a Action, _ *Step, _ *engine.RNG) ([]Event, error) {
	ev := s.emit(Event{Kind: EvRelicPurged, Seat: a.Seat, Card: maw})
	for _, pl := range s.ownPlanets(a.Seat) {
		if !pl.Exhausted {
			ev = s.extend(ev, Event{Kind: EvPlanetExhausted, Seat: a.Seat, Planet: pl.Name})
		}
	}
	return s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat}, queue(Step{Kind: StepAgendaTech, Seat: a.Seat, Card: maw, Need: 1, Free: true})), nil
}

// The Crown of Emphidia: after a tactical action, exhausted to explore a
// planet of its holder's; at the end of a status phase, with the Tomb of
// Emphidia controlled, purged for a point (its step's Then is "tomb").
func crownOfEmphidia(s *State, a Action, st *Step, rng *engine.RNG) ([]Event, error) {
	done := Event{Kind: EvStepCleared, Seat: a.Seat}
	if st.Then == "tomb" {
		return s.emit(Event{Kind: EvRelicPurged, Seat: a.Seat, Card: crown}, vp(a.Seat, 1, crownVP), done), nil
	}
	i := slices.IndexFunc(crownPlanets(s, a.Seat), func(pl *Planet) bool { return pl.Name == a.Planet })
	if i < 0 {
		return nil, engine.Refuse("73.3", "The Crown of Emphidia explores a planet you control that has a trait")
	}
	pl, sys := s.Planet(a.Planet)
	x := newExplorer(s, rng)
	ev := s.emit(Event{Kind: EvRelicExhausted, Seat: a.Seat, Card: crown}, done)
	if xe, ok := x.explorePlanet(a.Seat, sys.Pos, pl); ok {
		ev = s.extend(ev, xe...)
	}
	return ev, nil
}

func crownOffer(s *State, seat int, st *Step, add func(Action)) {
	if st.Then != "" {
		add(Action{Kind: ActUseRelic, Card: st.Card, Use: true})
		return
	}
	for _, pl := range crownPlanets(s, seat) {
		add(Action{Kind: ActUseRelic, Card: crown, Use: true, Planet: pl.Name})
	}
}

func init() {
	for _, kind := range []string{"cultural", "hazardous", "industrial"} {
		RegisterComponent(kind+"_relic_fragment", Component{
			Available: func(s *State, seat int) error {
				if len(fragmentsFor(s.Players[seat], kind)) < 3 {
					return engine.Refuse("73.1", "three %s relic fragments are purged for a relic (unknown ones count as any)", kind)
				}
				return nil
			},
			Resolve: func(s *State, seat int, rng *engine.RNG) []Event {
				ev := s.emit(Event{Kind: EvFragmentsPurged, Seat: seat, Extra: &Extra{Cards: fragmentsFor(s.Players[seat], kind)}})
				return s.extend(ev, gainRelic(s, seat, rng)...)
			},
		})
	}
	RegisterComponent(stellar, Component{
		Available: func(s *State, seat int) error {
			if !slices.Contains(s.Players[seat].Relics, stellar) {
				return engine.Refuse("73.3", "Stellar Converter is not in your play area")
			}
			if len(converterTargets(s, seat)) == 0 {
				return engine.Refuse("73.3", "no planet Stellar Converter may destroy")
			}
			return nil
		},
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(step(StepConverter, seat, stellar, false))
		},
	})
	RegisterComponent(codex, Component{
		Available: func(s *State, seat int) error {
			if !slices.Contains(s.Players[seat].Relics, codex) {
				return engine.Refuse("73.3", "The Codex is not in your play area")
			}
			return nil
		},
		Resolve: func(s *State, seat int, _ *engine.RNG) []Event {
			return s.emit(Event{Kind: EvRelicPurged, Seat: seat, Card: codex}, step(StepCodex, seat, codex, false))
		},
	})
}

// fragmentsFor picks the three fragments p would purge for a relic of
// kind: that kind's first, then unknown ones; fewer if p lacks them.
func fragmentsFor(p *Player, kind string) []string {
	var out []string
	for _, want := range fragmentsOfKind(kind) {
		for _, f := range p.RelicFragments {
			if f == want && len(out) < 3 {
				out = append(out, f)
			}
		}
	}
	return out
}

// gainRelic is 73.2: the top card of the relic deck, if there is one, and
// what gaining it does.
func gainRelic(s *State, seat int, rng *engine.RNG) []Event {
	if len(s.Decks.Relics) == 0 {
		return nil // 73.2a
	}
	card := s.Decks.Relics[0]
	ev := s.emit(Event{Kind: EvRelicGained, Seat: seat, Card: card})
	if d := relics[card]; d != nil && d.gained != nil {
		ev = s.extend(ev, d.gained(s, seat, rng)...)
	}
	return ev
}

// relicTaken: whoever gains control of a legendary planet, or of a planet
// in the home system, of the player holding relic r takes the card and
// its points. x carries the holder across the planets gained in one
// decision, whose events are not applied yet (one such relic: Shard of
// the Throne).
func relicTaken(s *State, x *explorer, r string, seat, pos int, pl *Planet) []Event {
	if !x.shardKnown {
		x.shardKnown, x.shardHolder = true, None
		for _, p := range s.Players {
			if slices.Contains(p.Relics, r) {
				x.shardHolder = p.Seat
			}
		}
	}
	from := pl.Controller
	if from == None || from == seat || from != x.shardHolder {
		return nil
	}
	if !planetInfo(pl).Legendary && pos != s.Players[from].Home {
		return nil
	}
	x.shardHolder = seat
	n, src := relics[r].points, "relic:"+r
	return s.emit(Event{Kind: EvRelicMoved, Seat: seat, Owner: from, Card: r}, vp(from, -n, src), vp(seat, n, src))
}

// secretLimit is how many secret objectives, scored or not, p may have
// (61.21), and more with a relic that says so (The Obsidian).
func secretLimit(p *Player) int {
	n := SecretLimit
	for _, r := range p.Relics {
		if d := relics[r]; d != nil {
			n += d.secrets
		}
	}
	return n
}

func decideTakeCard(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepCodex); err != nil {
		return nil, err
	}
	if !slices.Contains(s.Decks.ActionDiscard, a.Card) {
		return nil, engine.Refuse("73.3", "%q is not in the action card discard pile", a.Card)
	}
	ev := s.emit(Event{Kind: EvCardTaken, Seat: a.Seat, Card: a.Card}, Event{Kind: EvStepProgress, Seat: a.Seat})
	if s.Step.Count+1 >= 3 || len(s.Decks.ActionDiscard) == 1 {
		ev = s.extend(ev, Event{Kind: EvStepCleared, Seat: a.Seat})
	}
	return ev, nil
}

// converterTargets are the planets Stellar Converter may destroy for seat:
// not in a home system, not legendary, not Mecatol Rex, in a system next to
// (6.2) one of seat's units with Bombardment.
func converterTargets(s *State, seat int) []*Planet {
	var out []*Planet
	for _, sys := range s.Systems {
		if s.IsHomeSystem(sys.Pos) || !slices.ContainsFunc(s.galaxy.Neighbors(sys.Pos, s.Wormholes), func(p int) bool { return s.bombardsFrom(seat, s.System(p)) }) {
			continue
		}
		for _, pl := range sys.Planets {
			if pl.Name != MecatolRex && !planetInfo(pl).Legendary {
				out = append(out, pl)
			}
		}
	}
	return out
}

// bombardsFrom reports one of seat's units with Bombardment in sys.
func (s *State) bombardsFrom(seat int, sys *System) bool {
	if sys == nil {
		return false
	}
	has := func(st Stack) bool { return st.Owner == seat && s.UnitCard(seat, st.Unit).Bombardment != nil }
	if slices.ContainsFunc(sys.Space, has) {
		return true
	}
	return slices.ContainsFunc(sys.Planets, func(pl *Planet) bool { return slices.ContainsFunc(pl.Units, has) })
}

func decideConvert(s *State, a Action) ([]Event, error) {
	if _, err := inStep(s, a.Seat, StepConverter); err != nil {
		return nil, err
	}
	targets := converterTargets(s, a.Seat)
	i := slices.IndexFunc(targets, func(pl *Planet) bool { return pl.Name == a.Planet })
	if i < 0 {
		return nil, engine.Refuse("73.3", "Stellar Converter destroys a non-home, non-legendary planet other than Mecatol Rex next to your units with Bombardment")
	}
	pl, sys := s.Planet(a.Planet)
	ev := s.emit(Event{Kind: EvRelicPurged, Seat: a.Seat, Card: stellar})
	for _, st := range pl.Units {
		ev = s.extend(ev, Event{Kind: EvUnitsRemoved, Seat: st.Owner, System: sys.Pos, Planet: pl.Name, Unit: st.Unit, Count: st.Count})
	}
	if pl.Controller != None {
		ev = s.extend(ev, Event{Kind: EvControlLost, Seat: pl.Controller, Planet: pl.Name})
	}
	return s.extend(ev, Event{Kind: EvPlanetDestroyed, Seat: a.Seat, System: sys.Pos, Planet: pl.Name}, Event{Kind: EvStepCleared, Seat: a.Seat}), nil
}

// readyRelic reports that seat holds relic and it is not exhausted.
func (s *State) readyRelic(seat int, relic string) bool {
	p := s.Players[seat]
	return slices.Contains(p.Relics, relic) && !slices.Contains(p.ExhaustedRelics, relic)
}

// relicWindows opens a relic step for each holder of relic that may use it
// now, in seat order.
func relicWindows(s *State, relic, then string) []Event {
	var ev []Event
	for _, q := range s.Active() {
		if s.readyRelic(q, relic) {
			ev = s.extend(ev, queue(Step{Kind: StepRelic, Seat: q, Card: relic, Then: then}))
		}
	}
	return ev
}

// crownPlanets are the planets The Crown of Emphidia may explore for seat:
// those it controls that have a trait.
func crownPlanets(s *State, seat int) []*Planet {
	return slices.DeleteFunc(s.ownPlanets(seat), func(pl *Planet) bool { return planetInfo(pl).Trait == "" })
}

// tombWindow opens, once at the end of a status phase, the Crown of
// Emphidia's step for its holder if they control the Tomb of Emphidia.
func tombWindow(s *State) []Event {
	if s.Status == nil || s.Status.CrownAsked {
		return nil
	}
	for _, q := range s.Active() {
		if slices.Contains(s.Players[q].Relics, crown) && s.controlsTomb(q) {
			return s.emit(Event{Kind: EvCrownAsked}, queue(Step{Kind: StepRelic, Seat: q, Card: crown, Then: "tomb"}))
		}
	}
	return nil
}

// relicOptions are the relic actions seat may take in the step st: the
// relic step's, or the uses of relics held during a research.
func relicOptions(s *State, seat int, st *Step, add func(Action)) {
	switch {
	case st.Kind == StepRelic && st.Seat == seat && legendaryAbility[st.Planet] == st.Card:
		add(Action{Kind: ActUseRelic, Card: st.Card})
		legendaryOptions(s, seat, st, add)
	case st.Kind == StepRelic && st.Seat == seat:
		add(Action{Kind: ActUseRelic, Card: st.Card})
		if d := relics[st.Card]; d != nil && d.stepOffer != nil {
			b := s.offerBuf()
			d.stepOffer(s, seat, st, b.add)
			b.flush(add)
		} else {
			add(Action{Kind: ActUseRelic, Card: st.Card, Use: true})
		}
	case st.Kind == StepResearch && st.Seat == seat:
		for _, r := range s.Players[seat].Relics {
			if d := relics[r]; d != nil && d.researching != nil && s.readyRelic(seat, r) {
				b := s.offerBuf()
				d.researching(s, seat, r, b.add)
				b.flush(add)
			}
		}
	}
}

// tokenHolds reports seat's command token in sys keeping its units there
// (58.4c, 95.3), unless Dominus Orb was used in this tactical action.
func (s *State) tokenHolds(seat int, sys *System) bool {
	return slices.Contains(sys.Command, seat) && (s.Tactical == nil || !s.Tactical.Orb)
}

// shipHeld reports seat's ship of type unit kept in sys by their command
// token (58.4c): not their flagship while their hero that frees it is in
// play.
func (s *State) shipHeld(seat int, sys *System, unit string) bool {
	return s.tokenHolds(seat, sys) && (unit != "flagship" || s.Players[seat].Hero != InPlay || !s.has(seat, hookFlagshipUnheld))
}

func decideUseRelic(s *State, a Action, rng *engine.RNG) ([]Event, error) {
	d := relics[a.Card]
	if len(a.extra().Cards) > 0 && (d == nil || !d.cards) {
		return nil, engine.BadInput("cards", "use_relic with %s does not take cards", a.Card)
	}
	if d != nil && d.direct { // used at its moment, outside a relic step
		return d.use(s, a, nil, rng)
	}
	st := s.Step
	if _, err := inStep(s, a.Seat, StepRelic); err != nil {
		return nil, err
	}
	if a.Card != st.Card {
		return nil, engine.Refuse("73.3", "this step is for %s", st.Card)
	}
	if !a.Use {
		return s.emit(Event{Kind: EvStepCleared, Seat: a.Seat}), nil
	}
	if legendaryAbility[st.Planet] == st.Card {
		return decideLegendary(s, a, st, rng)
	}
	if d == nil || d.use == nil {
		return nil, engine.Refuse("73.3", "%s has no such use", st.Card)
	}
	return d.use(s, a, st, rng)
}

// ownPlanets are the planets seat controls.
func (s *State) ownPlanets(seat int) []*Planet {
	var out []*Planet
	for _, sys := range s.Systems {
		for _, pl := range sys.Planets {
			if pl.Controller == seat {
				out = append(out, pl)
			}
		}
	}
	return out
}

func applyRelics(s *State, e *Event) bool {
	p := s.Players[e.Seat]
	switch e.Kind {
	case EvFragmentsPurged:
		left := slices.Clone(p.RelicFragments)
		for _, f := range e.extra().Cards {
			i := slices.Index(left, f)
			left = slices.Delete(left, i, i+1)
		}
		p.RelicFragments = left
		s.Decks.Purged = append(s.Decks.Purged, e.extra().Cards...)
	case EvRelicMoved:
		from := s.Players[e.Owner]
		from.Relics = slices.DeleteFunc(slices.Clone(from.Relics), func(r string) bool { return r == e.Card })
		p.Relics = append(p.Relics, e.Card)
	case EvRelicPurged:
		p.Relics = slices.DeleteFunc(slices.Clone(p.Relics), func(r string) bool { return r == e.Card })
		p.ExhaustedRelics = slices.DeleteFunc(slices.Clone(p.ExhaustedRelics), func(r string) bool { return r == e.Card })
		s.Decks.Purged = append(s.Decks.Purged, e.Card)
	case EvPlanetDestroyed: // the destroyed planet token stands where it was
		sys := s.System(e.System)
		i := slices.IndexFunc(sys.Planets, func(pl *Planet) bool { return pl.Name == e.Planet })
		s.Decks.Purged = append(s.Decks.Purged, sys.Planets[i].Attachments...)
		sys.Planets = slices.Delete(slices.Clone(sys.Planets), i, i+1)
		sys.Tokens = append(sys.Tokens, Token{Kind: "destroyed_planet", Owner: None})
		s.index()
	case EvTileReplaced:
		sys := s.System(e.System)
		for _, pl := range sys.Planets {
			s.Decks.Purged = append(s.Decks.Purged, pl.Attachments...)
		}
		sys.Planets, sys.Tile = nil, e.Card
		s.index()
	case EvSystemsSwapped:
		applySwap(s, e.System, e.Count)
	case EvRelicExhausted:
		p.ExhaustedRelics = append(p.ExhaustedRelics, e.Card)
	case EvOrbUsed:
		s.Tactical.Orb = true
	case EvCrownAsked:
		s.Status.CrownAsked = true
	case EvCardTaken:
		d := slices.Clone(s.Decks.ActionDiscard)
		i := slices.Index(d, e.Card)
		s.Decks.ActionDiscard = slices.Delete(d, i, i+1)
		p.ActionCards = append(p.ActionCards, e.Card)
	default:
		return false
	}
	return true
}

// relicSecondaryOptions are the ways a relic pays for a secondary ability
// (Scepter of Emelpar).
func relicSecondaryOptions(s *State, seat int, add func(Action)) {
	for _, r := range s.Players[seat].Relics {
		if d := relics[r]; d != nil && d.paysSecondary && s.readyRelic(seat, r) {
			add(Action{Kind: ActSecondary, Use: true, Card: r})
		}
	}
}

// relicMoveOptions are the relics used before a tactical action's first
// move (Dominus Orb).
func relicMoveOptions(s *State, seat int, add func(Action)) {
	for _, r := range s.Players[seat].Relics {
		if d := relics[r]; d != nil && d.beforeMoving {
			add(Action{Kind: ActUseRelic, Card: r, Use: true})
		}
	}
}

// relicPoints are the points p's relics are worth (Shard of the Throne).
func relicPoints(p *Player) int {
	n := 0
	for _, r := range p.Relics {
		if d := relics[r]; d != nil {
			n += d.points
		}
	}
	return n
}

// relicsAfterTactical opens the relic steps after a tactical action: a
// ready relic whose holder may use it then (The Crown of Emphidia).
func relicsAfterTactical(s *State, seat int) []Event {
	var ev []Event
	for _, r := range s.Players[seat].Relics {
		if d := relics[r]; d != nil && d.afterTactical != nil && s.readyRelic(seat, r) && d.afterTactical(s, seat) {
			ev = s.extend(ev, queue(Step{Kind: StepRelic, Seat: seat, Card: r}))
		}
	}
	return ev
}

// relicPaysSecondary is a relic paying the strategy token a secondary
// ability costs: ready, with a token from reinforcements, which goes back
// there (Scepter of Emelpar).
func relicPaysSecondary(s *State, a Action, free bool) ([]Event, error) {
	if d := relics[a.Card]; d == nil || !d.paysSecondary {
		return nil, engine.BadInput("card", "%q does not pay for a secondary ability", a.Card)
	}
	if free || !s.readyRelic(a.Seat, a.Card) || s.CommandReinforcements(a.Seat) == 0 || s.Players[a.Seat].Strategy < 1 {
		return nil, engine.Refuse("73.3", "%s, ready, pays a strategy token you would spend with one from reinforcements", relicName(a.Card))
	}
	return s.emit(Event{Kind: EvRelicExhausted, Seat: a.Seat, Card: a.Card}), nil
}

// relicsAtAgendaStart opens the relic steps at the start of the agenda
// phase (Maw of Worlds).
func relicsAtAgendaStart(s *State) []Event {
	var ev []Event
	for _, r := range relicOrder() {
		if relics[r].atAgendaStart {
			ev = s.extend(ev, relicWindows(s, r, "")...)
		}
	}
	return ev
}

// applySwap trades the places of the systems at positions a and b: each
// takes its units, tokens and planets along, and a home system moved
// stays its player's home.
func applySwap(s *State, a, b int) {
	x, y := s.System(a), s.System(b)
	x.Pos, y.Pos = b, a
	for _, p := range s.Players {
		switch p.Home {
		case a:
			p.Home = b
		case b:
			p.Home = a
		}
	}
	s.index()
}
