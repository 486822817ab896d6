package ti4

// The scans of the follow-ups (structures, control, excess, elimination,
// notes) read only units, planets, command sheets, technologies, laws,
// promissory notes and who is in the game. Apply counts, for each scan,
// the events that may change what it reads; a scan that found nothing is
// skipped until its count moves. The three board scans (structures,
// control, excess) read each system apart, so units placed or removed in
// one system send them back to that system alone. A state decoded, built
// by hand or cloned starts with every scan unknown; code that changes
// units other than by Apply must work on a clone.

type scan int

const (
	scanStructures scan = iota // the board scans, system by system
	scanControl
	scanExcess
	scanElimination // the whole-game scans
	scanNotes       // Support for the Throne in another player's hand
	nScans
	nBoardScans = scanElimination
)

type scans struct {
	board [nScans]uint64 // by scan, events that may have changed what it reads
	quiet [nScans]uint64 // board+1 when the scan last found nothing
	// For the board scans: the systems (by index in State.Systems) changed
	// since the scan last found nothing, when only some were.
	dirty [nBoardScans]systemSet
}

// systemSet is a set of system indexes; more systems than it holds count
// as a change to all.
type systemSet [4]uint64

func (d *systemSet) has(i int) bool { return d[i>>6]&(1<<(i&63)) != 0 }

const allScans = 1<<nScans - 1

// touches is the set of scans (a bit per scan) whose reading an event of
// this kind may change. Any kind not listed wakes every scan, so a kind
// missing here only costs time.
func touches(kind string) uint8 {
	switch kind {
	case EvCoupPassed, EvPickPassed, EvSabotagePass, EvDiscardPassed,
		EvSecondaryDone, EvPrimaryDone, EvScoringDone, EvPassed,
		EvStepSet, EvStepCleared, EvStepProgress, EvChoiceQueued, EvChoiceNext,
		EvFreeSecondary, EvCoupWindow, EvStrategicBegun, EvStrategicEnded,
		EvStrategyPicked, EvCoupClosed, EvACPending, EvACResolved,
		EvCardsDrawn, EvTradeGoods, EvCommodities, EvTrade, EvSpent,
		EvPlanetExhausted, EvTacticalBegun, EvTacticalEnded, EvCombat,
		EvStatusDone, EvTurnEnded, EvCommandToken,
		EvInvStarted, EvEstablished, EvDeclared, EvProduced,
		EvDrawSecret, EvSecretKept, EvRevealed, EvSpeakerChanged, EvStatusBegun,
		EvStrategyPhaseEnded, EvTradeCancelled, EvACDiscarded, EvPlanetReadied,
		EvLeaderUnlocked, EvLeaderPurged, EvValuesSwapped:
		return 0
	case EvTokensSet:
		return 1 << scanExcess // the fleet pool
	case EvTacStep, EvInvasionBegun, EvForced:
		return 0 // the board scans pass over an invaded system (25.5b); passing over more finds no more
	case EvInvasionEnded:
		return 1<<scanControl | 1<<scanStructures // the invaded system, passed over until now
	}
	return allScans
}

// noteEvent counts e for each scan whose reading it may change. Units
// placed in or removed from one system, or an invasion's end, mark only
// that system for the board scans that were quiet.
func (s *State) noteEvent(e *Event) {
	t := touches(e.Kind)
	if t == 0 {
		return
	}
	if e.Kind == EvTokensSet && e.Pools != nil && e.Seat >= 0 && e.Seat < len(s.Players) && e.Pools.Fleet >= s.Players[e.Seat].Fleet {
		return // a fleet pool that does not shrink leaves no one in excess
	}
	local := -1
	switch {
	case e.Kind == EvUnitsPlaced || e.Kind == EvUnitsRemoved:
		local = s.systemIndex(e.System)
	case e.Kind == EvInvasionEnded && s.Invasion != nil:
		local = s.systemIndex(s.Invasion.Pos)
	}
	if local >= len(systemSet{})*64 {
		local = -1
	}
	for k := range nScans {
		if t&(1<<k) == 0 {
			continue
		}
		if k < nBoardScans && local >= 0 && s.quiet(k) {
			s.scans.dirty[k][local>>6] |= 1 << (local & 63)
			continue
		}
		s.scans.board[k]++
	}
}

// quiet reports that scan k found nothing and nothing it reads has changed
// since, but (for a board scan) in the systems marked dirty.
func (s *State) quiet(k scan) bool { return s.scans.quiet[k] == s.scans.board[k]+1 }

// idle reports that scan k need not run at all.
func (s *State) idle(k scan) bool {
	return s.quiet(k) && (k >= nBoardScans || s.scans.dirty[k] == systemSet{})
}

// stale reports whether board scan k must read the system at index i.
func (s *State) stale(k scan, i int) bool {
	return !s.quiet(k) || s.scans.dirty[k].has(i)
}

// setQuiet records that scan k has just found nothing.
func (s *State) setQuiet(k scan) {
	s.scans.quiet[k] = s.scans.board[k] + 1
	if k < nBoardScans {
		s.scans.dirty[k] = systemSet{}
	}
}
