package server

import (
	"net/http"

	"github.com/mecatol/mecatol/internal/combat"
)

// odds computes a battle exactly: attacker, defender and planet unit lists,
// and mode space (default), ground, or both.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var b combat.Battle
	var err error
	for _, f := range []struct {
		name string
		dst  *[]combat.Group
	}{{"attacker", &b.Attacker.Units}, {"defender", &b.Defender.Units}, {"planet", &b.Defender.Planet}} {
		if *f.dst, err = combat.ParseUnits(q.Get(f.name)); err != nil {
			fail(w, http.StatusBadRequest, "%s: %v", f.name, err)
			return
		}
	}
	switch q.Get("mode") {
	case "", "space":
		b.Space = true
	case "ground":
		b.Invade = true
	case "both":
		b.Space, b.Invade = true, true
	default:
		fail(w, http.StatusBadRequest, "mode is space, ground or both")
		return
	}
	if len(b.Attacker.Units) == 0 {
		fail(w, http.StatusBadRequest, "the attacker has no units")
		return
	}
	res, err := combat.Solve(b)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
