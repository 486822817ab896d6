package ti4

import (
	"slices"

	"github.com/mecatol/mecatol/internal/engine"
)

// The Winnu's abilities.
func init() {
	// Blood Ties: the custodians token removed without spending influence
	// (27.2).
	define(&Ability{ID: "winnu:blood_ties", Since: RulesFactions, Permits: PermitFreeCustodians})
	// Reclamation: after a tactical action in which the Winnu gained
	// Mecatol Rex, a PDS and a space dock placed there.
	define(&Ability{ID: "winnu:reclamation", Since: RulesFactions, MecatolStructures: true})
}

// Acquiescence (Codex I), the Winnu's note: when the Winnu resolve a
// strategic action, its holder uses the secondary without spending a
// command token; it goes back (20.5).
func init() {
	defineNote("winnu:acquiescence", &promissoryNote{since: RulesFactions, moment: acquiescenceMoment, play: acquiescence})
}

func acquiescenceMoment(s *State, seat int) bool {
	st := s.Strategic
	return st != nil && st.PrimaryDone && st.Seat != None && s.Step == nil && len(st.Queue) > 0 && st.Queue[0] == seat &&
		s.Players[st.Seat].Faction == "winnu" && !slices.Contains(st.Free, seat)
}

func acquiescence(s *State, a Action, owner int) ([]Event, error) {
	if !acquiescenceMoment(s, a.Seat) || s.Strategic.Seat != owner {
		return nil, engine.Refuse("69.1", "Acquiescence is played when the Winnu's strategic action offers you its secondary")
	}
	return s.emit(Event{Kind: EvFreeSecondary, Seat: owner, Owner: a.Seat}, Event{Kind: EvNoteReturned, Seat: a.Seat, Card: a.Card}), nil
}
