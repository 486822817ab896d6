package server

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/ti4"
)

// SimulatedBattles is how many battles the odds endpoint simulates when a
// technology keeps the exact solver out (the result says so in battles).
const SimulatedBattles = 20000

// odds computes a battle exactly: attacker, defender and planet unit lists,
// attacker_tech and defender_tech (ids of technologies, leaders, notes and
// abilities used by choice, comma-separated), attacker_faction and
// defender_faction,
// attacker_trade_goods and defender_trade_goods (Wrath of Kenara), and
// mode space (default), ground, or both. Unit counts are bounded by the
// game's limits (23.4) and combat.MaxTokenUnits for fighters and infantry.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var b combat.Battle
	var err error
	for _, f := range []struct {
		name string
		dst  *[]combat.Group
	}{{"attacker", &b.Attacker.Units}, {"defender", &b.Defender.Units}, {"planet", &b.Defender.Planet}} {
		if *f.dst, err = ti4.ParseUnits(q.Get(f.name)); err != nil {
			fail(w, http.StatusBadRequest, "%s: %v", f.name, err)
			return
		}
	}
	pol, err := combat.ParsePolicy(q.Get("policy"))
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	b.Attacker.Policy, b.Defender.Policy = pol, pol
	for _, f := range []struct {
		side string
		dst  *combat.Side
		foe  string
	}{{"attacker", &b.Attacker, "defender"}, {"defender", &b.Defender, "attacker"}} {
		var fe *ti4.OddsField
		err := ti4.ArmSide(f.dst, q.Get(f.side+"_faction"), q.Get(f.side+"_tech"), q.Get(f.foe+"_faction"))
		if errors.As(err, &fe) {
			fail(w, http.StatusBadRequest, "%s_%s: %v", f.side, fe.Field, fe.Err)
			return
		}
	}
	for _, f := range []struct {
		name string
		dst  *int
	}{{"attacker_trade_goods", &b.Attacker.TradeGoods}, {"defender_trade_goods", &b.Defender.TradeGoods}} {
		if v := q.Get(f.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > combat.MaxTradeGoods {
				fail(w, http.StatusBadRequest, "%s: a number from 0 to %d", f.name, combat.MaxTradeGoods)
				return
			}
			*f.dst = n
		}
	}
	b.Nebula = q.Get("nebula") == "true"
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
	// Each solve may keep a core busy for a second: at most one per core
	// runs at once, and a request waiting for its turn, or solving, stops
	// when its client leaves.
	ctx := r.Context()
	select {
	case s.solving <- struct{}{}:
		defer func() { <-s.solving }()
	case <-ctx.Done():
		return
	}
	res, err := combat.SolveContext(ctx, b)
	if errors.Is(err, combat.ErrInexact) { // a technology the solver does not model
		res, err = combat.SimulateContext(ctx, b, SimulatedBattles, 1)
	}
	switch {
	case ctx.Err() != nil:
		return // the client left: no one to answer
	case errors.Is(err, combat.ErrTooLarge):
		fail(w, http.StatusUnprocessableEntity, "%v", err)
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
	default:
		writeJSON(w, http.StatusOK, res)
	}
}
