package ge

import (
	"fmt"

	"github.com/mecatol/mecatol/internal/engine"
	"github.com/mecatol/mecatol/internal/ge/cards"
)

// Def is what one card does: its numbers as printed and its hook points.
// Each card has one, found by the card's id (define, in a file per kind).
// The rules code asks these fields and never names a card.
type Def struct {
	ID string
	*cards.Card
	Cost       Points // taken each allocation to engage it
	Output     Points // generated each allocation while it works
	TerrainMod Points // added to the output of the terrain it is on (GE-type-T: the greatest of each type counts)
	Shields    int
	Phasers    int
	Heavy      int  // standard heavy weapons, one ammunition each
	Plasma     int  // a variable plasma weapon's most energy (GE-variable-plasma), 0: none
	Nodes      int  // Mechad nodes (GE-emf)
	OwnOutput  bool // the data's generated points are not what the card generates
	Duration   int  // complete turns it stays (0: until removed)
	Exclusive  string
	Terrain    string // a terrain's body: moon, asteroid, planet, system, belt
	Empire     string // a ship's empire (the Museum's Grand Chieftain ships are Indirigan, GE-indirigan)
	Carry      string // a Krebiz cruiser: the capsule size it carries, "small" or "heavy" (GE-krebiz)
	Capsule    string // a Krebiz capsule's size
	Fleet      bool   // played against a whole fleet (Gravity Wave)
	Ailment    bool   // an illness or injury: a Doctor cures it
	Peeks      bool   // its choice 1 looks at a random card in an opponent's hand (Corporate Scout Cruiser)
	Passive    bool   // equipment that works whatever its host's state (P, from the latest printing)
	// Where checks the card a card is played on or against (host is -1
	// for a card played on its own), beyond its kind's rule.
	Where func(s *State, self, host int) error
	// Enter is what happens when it comes into play.
	Enter func(s *State, self int)
	// EachTurn happens at its owner's record keeping step.
	EachTurn func(s *State, self int)
	// To its host while it works:
	HostCost      Points // a change to the host's cost
	HostStrength  int
	HostPhasers   int
	HostNodes     int
	DamagedFire   int                             // phasers left once it is damaged (Defensive Satellites)
	Stops         bool                            // the host can use no function (Illness, Vertigo)
	Jams          bool                            // the host can fire no weapon nor use equipment (Breakdown)
	Shelters      bool                            // hazards, monsters and occurrences cannot be played on its terrain
	NoHQGuard     bool                            // the host does not protect its Sector HQ (Divergent Anomaly)
	SoaksPhasers  bool                            // the host's phaser fire hits nothing (Small Phaser Eel)
	Guards        int                             // takes the damage aimed at its host, up to this much (Invinco Guardian)
	FirstFree     bool                            // the host ignores the first point of each opponent volley (Civilian Captain)
	Absorbs       bool                            // the host's structure takes one point less, once, then it goes (Cargo)
	Pod           bool                            // moves crew off a host that is destroyed (Escape Pod)
	Volley        int                             // damage added to its host's next volley (Offensive Electronic Warfare)
	Multiply      bool                            // the host's fire is half again as much this turn (Lucky Targeting)
	Doubles       bool                            // the host's heavy weapons deal double on the turn it is played (Fuser Mechanism)
	Rearms        bool                            // re-arms the one-shot weapons on it (Indirigan Light Carrier)
	Carries       bool                            // a shuttle or transporter: carries crew on missions
	OneShot       bool                            // its phaser fires once until re-armed (Shuttlecraft)
	Cures         bool                            // discards ailments at its location and keeps them away (Doctor)
	NeedsResearch int                             // research that removes it (Illness 1, Injury 2)
	NeedsRepair   int                             // repair that removes it (Breakdown 1)
	PlayBonus     int                             // card plays added this turn (Early Warning Beacon)
	HazardLess    int                             // hazards against its host deal this much less (Helmsman)
	Bars          int                             // opposing crew up to this strength cannot attack at its location (Security Officer)
	Boosts        int                             // own attacking crew at its location count this much stronger (Security Officer)
	OutputFn      func(s *State, self int) Points // output that changes turn by turn (Ionized Particle Field)
	Modes         int                             // choices it makes each allocation (Technician, Scout Cruiser)
	ModeOutput    func(mode int) (cost, out Points)
	Act           *Act // its card action, once a turn in a play cards phase
	Reacts        *Reaction
	Dual          bool // a T/H card: played as terrain (mode 0) or hazard (mode 1)
}

// Act is a card action: what it may target and what it does.
type Act struct {
	Rule    string
	Options int // choices (Boarding Party: 3)
	// Targets lists, for an option, the cards it may act on (nil: none needed).
	Targets func(s *State, self, option int) []int
	Do      func(s *State, self, option, target int)
	Mission bool // a crew's attack on another location: needs a carrier (GE-there-and-back)
	// Check refuses an option the card cannot take now (nil: any listed).
	Check func(s *State, self, option int) error
	Play  bool // it uses a card play (Helmsman)
}

// Reaction is what a card does in answer to an opponent's deed.
type Reaction struct {
	Rule string
	// Answers reports whether it may answer the pending window w: from the
	// hand (self not in play) or in play.
	// a is the answer: its N a count or a choice below Options (0: none
	// but N 0), its Target what it aims at where Aims is set (else -1).
	Answers func(s *State, self int, w *Window, a *Action) bool
	Do      func(s *State, self int, w *Window, a *Action)
	Options int
	Aims    bool
	// FromPlay: it answers from play, as a card action (an escort's
	// interception); an R/ card's answer is its play from the hand.
	FromPlay bool
}

// defs is every card's definition, by id (the core's registry).
var defs = engine.Defs[*Def]{}

// define registers a card's definition; the card must be in the data.
func define(d *Def) {
	c := cards.Starters().Card(d.ID)
	if c == nil {
		panic("ge: no card " + d.ID)
	}
	d.Card = c
	fromData(d)
	defs.Define("Galactic Empires card", d.ID, d)
}

// Lookup is a card's definition, or nil.
func Lookup(id string) *Def { return defs[id] }

// defined lists the defined ids, sorted.
func defined() []string { return defs.IDs() }

func (s *State) def(i int) *Def { return defs[s.Cards[i].Def] }

// pts builds Points from pairs of type and count.
func pts(kv ...int) Points {
	var p Points
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i]] += kv[i+1]
	}
	return p
}

// name is a card's printed name and instance, for the log.
func (s *State) name(i int) string {
	if i < 0 || i >= len(s.Cards) {
		return "nothing"
	}
	return fmt.Sprintf("%s #%d", s.def(i).Name, i)
}

var pointKeys = map[string]int{"economy": Economy, "supply": Supply, "energy": Energy, "ammo": Ammo, "research": Research, "repair": Repair}

// fromData fills what a definition leaves zero from the card's data.
func fromData(d *Def) {
	c := d.Card
	if d.Cost.zero() {
		for k, v := range c.Costs {
			d.Cost[pointKeys[k]] += v
		}
	}
	if d.Output.zero() && d.OutputFn == nil && d.TerrainMod.zero() && !d.OwnOutput {
		for k, v := range c.Points {
			d.Output[pointKeys[k]] += v
		}
	}
	if d.Shields == 0 && c.Shields != nil {
		d.Shields = *c.Shields
	}
	if d.Phasers == 0 && c.Kind != "equipment" {
		d.Phasers = c.Phasers
	}
	if d.Heavy == 0 && d.Plasma == 0 {
		d.Heavy = c.Heavy
	}
	if d.Nodes == 0 {
		d.Nodes = c.Nodes
	}
	if d.Terrain == "" {
		d.Terrain = c.Terrain
	}
	if d.Empire == "" && c.Kind == "ship" {
		d.Empire = c.Empire
	}
}
