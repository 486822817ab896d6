package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// Out of a unit (23.4a, 24.4a, 67.5a): a player about to place or produce a
// unit with none left in reinforcements may take one of that type back from
// a system without their command token, to place it at once.

// ActReclaim takes a unit back from the board into reinforcements.
const ActReclaim = "reclaim_unit"

func decideReclaim(s *State, a Action) ([]Event, error) {
	placing := false
	if st := s.Step; st != nil && st.Seat == a.Seat && (st.Kind == StepConstruction || st.Kind == StepWarfareProd || st.Kind == StepIndustry || st.Kind == StepFreelance) {
		placing = true
	}
	if t := s.Tactical; t != nil && t.Seat == a.Seat && t.Step == TacProduction && s.Step == nil {
		placing = true
	}
	if !placing {
		return nil, engine.Refuse("23.4a", "units are taken back only when one is about to be placed or produced")
	}
	if err := checkUnitType(a.Unit); err != nil {
		return nil, err
	}
	if Unlimited(a.Unit) {
		return nil, engine.Refuse("23.4b", "fighters and infantry never run out: tokens stand in")
	}
	if s.Reinforcements(a.Seat, a.Unit) > 0 {
		return nil, engine.Refuse("23.4a", "there are %s left in reinforcements", a.Unit)
	}
	sys, pl, err := where(s, a.System, a.Planet, "system")
	if err != nil {
		return nil, err
	}
	if slices.Contains(sys.Command, a.Seat) {
		return nil, engine.Refuse("23.4a", "not from a system that holds your command token")
	}
	if unitsAt(sys, pl, a.Seat, a.Unit) == 0 {
		return nil, engine.BadInput("unit", "no %s of yours there", a.Unit)
	}
	return s.emit(Event{Kind: EvUnitsRemoved, Seat: a.Seat, System: sys.Pos, Planet: a.Planet, Unit: a.Unit, Count: 1}), nil
}
