package ti4

import (
	"sync"

	"github.com/mecatol/mecatol/internal/ti4/data"
)

// disclosure is what an event kind lets players learn.
type disclosure uint8

const (
	// nothing hidden is shown and nothing is left to chance.
	quiet disclosure = iota
	// shown: something hidden is seen (a card drawn or turned up, a deck's
	// order, a card in a hand) or dice are rolled. Undoing it lets a
	// player see and then change the future, so the server asks every
	// player's consent first.
	shown
	// shuffled: a deck is shuffled, which draws on chance, but no one sees
	// the result.
	shuffled
)

// reveals classifies every event kind. A test fails when a kind is
// missing, so each new kind is decided here.
var reveals = map[string]disclosure{
	EvACCancelled:        quiet,
	EvACDiscarded:        quiet,
	EvACPending:          quiet,
	EvACPlayed:           quiet,
	EvACResolved:         quiet,
	EvACRetrieved:        quiet,
	EvACTaken:            shown, // a card taken at random from a hidden hand
	EvAgendaDone:         quiet,
	EvAgendaOutcome:      quiet,
	EvAgendaPhaseDone:    quiet,
	EvAgendaResolved:     quiet,
	EvAgendaRevealed:     shown, // an agenda turned up (or seen by the speaker alone)
	EvAgendaShuffled:     shuffled,
	EvActionDeckSet:      shuffled,
	EvAgendaSkipped:      shown, // an agenda turned up and discarded
	EvAgendaStart:        quiet,
	EvAgendaTied:         quiet,
	EvAgendasOrdered:     shown, // the top agendas, seen by the Politics player
	EvAnswerPass:         quiet,
	EvArbiterMet:         quiet,
	EvAskNext:            quiet,
	EvAskPassed:          quiet,
	EvAskQueued:          quiet,
	EvAutoPass:           quiet,
	EvBallotClosed:       quiet,
	EvBallotOpened:       quiet,
	EvBarred:             quiet,
	EvBombarded:          quiet,
	EvBribe:              quiet,
	EvPressed:            quiet,
	EvCaptiveReturned:    quiet,
	EvCaptured:           quiet,
	EvCardTaken:          quiet,
	EvCardsDrawn:         shown, // action cards drawn, seen by the drawer
	EvCeasefire:          quiet,
	EvMoreTokens:         quiet,
	EvGainAnswered:       quiet,
	EvSupplyAnswered:     quiet,
	EvCardGoods:          quiet,
	EvTechAnswered:       quiet,
	EvAgentAnswered:      quiet,
	EvSheetToken:         quiet,
	EvVoteBound:          quiet,
	EvTurnAnswered:       quiet,
	EvChoiceNext:         quiet,
	EvChoiceQueued:       quiet,
	EvCombat:             quiet,
	EvCombatWon:          quiet,
	EvCommandToken:       quiet,
	EvCommitsDone:        quiet,
	EvCommitted:          quiet,
	EvCommodities:        quiet,
	EvCommodityGoods:     quiet,
	EvControlGained:      quiet,
	EvControlLost:        quiet,
	EvControlToken:       quiet,
	EvCoupClosed:         quiet,
	EvCoupPassed:         quiet,
	EvCoupWindow:         quiet,
	EvCouped:             quiet,
	EvCrisisPact:         quiet,
	EvCrownAsked:         quiet,
	EvCustodians:         quiet,
	EvDeclared:           quiet,
	EvDice:               shown, // dice rolled
	EvDirectHit:          quiet,
	EvDisabled:           quiet,
	EvDiscardPassed:      quiet,
	EvDiscardWindow:      quiet,
	EvDisgraced:          quiet,
	EvDrawSecret:         shown, // a secret objective drawn, seen by the drawer
	EvElectedInstead:     quiet,
	EvElectedWin:         quiet,
	EvEliminated:         quiet,
	EvEndOfTurnAsked:     quiet,
	EvEstablished:        quiet,
	EvExcavated:          shown, // exploration cards turned up (Archaeological Expedition)
	EvExplored:           shown, // an exploration card drawn
	EvExtraAction:        quiet,
	EvFragmentTaken:      quiet,
	EvFragmentsPurged:    quiet,
	EvFreeSecondary:      quiet,
	EvGameOver:           quiet,
	EvHitAssigned:        quiet,
	EvInfiltrating:       quiet,
	EvInvCard:            quiet,
	EvInvStarted:         quiet,
	EvInvasionBegun:      quiet,
	EvInvasionEnded:      quiet,
	EvKeepStrategy:       quiet,
	EvLawDiscarded:       quiet,
	EvLawsBlanked:        quiet,
	EvLegendaryExhausted: quiet,
	EvNexusActive:        quiet,
	EvCardPlanet:         quiet,
	EvNoteGiven:          quiet,
	EvNotePlayed:         quiet,
	EvNoteAttached:       quiet,
	EvNoteReturned:       quiet,
	EvOrbUsed:            quiet,
	EvPassed:             quiet,
	EvPeaceAsked:         quiet,
	EvPending:            quiet,
	EvPendingDone:        quiet,
	EvPickPassed:         quiet,
	EvPlanetAdded:        quiet,
	EvPlanetDestroyed:    quiet,
	EvTileReplaced:       quiet,
	EvSystemsSwapped:     quiet,
	EvSkippedToCommit:    quiet,
	EvPlanetExhausted:    quiet,
	EvPlanetReadied:      quiet,
	EvPlayPurged:         quiet,
	EvPlotWindow:         quiet,
	EvPlotted:            quiet,
	EvPrimaryDone:        quiet,
	EvProduced:           quiet,
	EvReadyLimit:         quiet,
	EvReadyQueued:        quiet,
	EvRelicExhausted:     quiet,
	EvRelicGained:        shown, // the relic deck's top card
	EvRelicMoved:         quiet,
	EvRelicPurged:        quiet,
	EvRelicAttached:      quiet,
	EvRepaired:           quiet,
	EvTechExhausted:      quiet,
	EvTechReadied:        quiet,
	EvDiscounted:         quiet,
	EvObjectiveReplaced:  shown, // a public objective for another, turned face up
	EvAided:              quiet,
	EvAmbushed:           shown, // a note played
	EvValuesSwapped:      shown, // a planet's values swapped (Hegemonic Trade Policy)
	EvLeaderUnlocked:     shown, // a commander or hero unlocked (51.6, 51.10)
	EvLeaderPurged:       shown, // a hero used and purged (51.12)
	EvLeaderAttached:     shown, // a hero attached to a planet
	EvUnitRepaired:       quiet,
	EvRevealed:           shown, // a public objective turned face up
	EvRevote:             quiet,
	EvRider:              quiet,
	EvRiftRoll:           shown, // dice rolled
	EvSabotagePass:       quiet,
	EvScored:             quiet,
	EvScoringDone:        quiet,
	EvSecondaryDone:      quiet,
	EvSecretKept:         shuffled, // the secret not kept is shuffled back
	EvSecretReturned:     shuffled, // shuffled back into the deck
	EvSilenced:           quiet,
	EvSpeakerChanged:     quiet,
	EvSpent:              quiet,
	EvStatusBegun:        quiet,
	EvStatusDone:         quiet,
	EvStatusPhaseEnd:     quiet,
	EvStatusTokens:       quiet,
	EvStepCleared:        quiet,
	EvStepProgress:       quiet,
	EvStepSet:            quiet,
	EvStrategicBegun:     quiet,
	EvStrategicEnded:     quiet,
	EvStrategyGiven:      quiet,
	EvStrategyStarted:    quiet,
	EvStrategyPhaseEnded: quiet,
	EvStrategyPicked:     quiet,
	EvSwapped:            quiet,
	EvTGOnCard:           quiet,
	EvTacStep:            quiet,
	EvForced:             quiet,
	EvTacticalBegun:      quiet,
	EvTacticalEnded:      quiet,
	EvTacticalMod:        quiet,
	EvTechGained:         quiet,
	EvTechReturned:       quiet,
	EvTokenPlaced:        quiet,
	EvTokenRemoved:       quiet,
	EvNoteAsked:          quiet,
	EvSetAside:           quiet,
	EvSetAsideBack:       quiet,
	EvAssimilated:        quiet,
	EvConduitOpened:      quiet,
	EvUsedThisTurn:       quiet,
	EvZeroTokenGiven:     quiet,
	EvTokensSet:          quiet,
	EvTrade:              quiet,
	EvTradeCancelled:     quiet,
	EvTradeGoods:         quiet,
	EvTraded:             quiet,
	EvTurnEnded:          quiet,
	EvUnitsPlaced:        quiet,
	EvUnitsRemoved:       quiet,
	EvVetoed:             quiet,
	EvVictoryPoint:       quiet,
	EvVotesCast:          quiet,
	EvWarAsked:           quiet,
	EvWindowPass:         quiet,
	EvWindowPlay:         quiet,
	EvZeroTokenGone:      quiet,
}

// Reveals reports whether e showed hidden information or drew on chance:
// by its kind, by the dice it carries, or by the step it opens when that
// step shows a player cards no one else sees (Politics' look at the top
// agendas, 66.2).
func (e *Event) Reveals() bool {
	if reveals[e.Kind] == shown || len(e.Rolls) > 0 {
		return true
	}
	return (e.Kind == EvStepSet || e.Kind == EvChoiceQueued) && e.Step != nil && (e.Step.Kind == StepAgendas || privateWindow(e.Step))
}

// private are the event kinds whose cards only the players involved may
// see: cards drawn into a hand (action cards, secret objectives), the
// secret kept or returned (61.20), a card taken from a hand, a promissory
// note given (69.6), the agendas' order chosen with Politics (66.2).
var private = map[string]bool{EvCardsDrawn: true, EvDrawSecret: true, EvSecretKept: true, EvSecretReturned: true,
	EvACTaken: true, EvNoteGiven: true, EvAgendasOrdered: true}

// For returns e as seat may see it (Referee: as the public sees it): no
// deck's order, ever, and no card of a hand or a private exchange unless
// seat took part. Events are redacted on copies; e itself is unchanged.
func (e Event) For(seat int) Event {
	if privateWindow(e.Step) && (seat == Referee || seat != e.Step.Seat) {
		e.Step = hiddenCards(e.Step)
	}
	if e.Extra == nil && !private[e.Kind] {
		return e
	}
	involved := seat != Referee && (seat == e.Seat || (seat == e.Owner && (e.Kind == EvACTaken || e.Kind == EvNoteGiven)))
	if e.Extra != nil {
		x := *e.Extra
		x.NewDeck = nil
		if private[e.Kind] && !involved {
			x.Cards = nil
		}
		if t := x.Trade; t != nil && seat != t.Seats[0] && seat != t.Seats[1] {
			x.Trade = publicTrade(t)
		}
		e.Extra = &x
	}
	if private[e.Kind] && !involved {
		e.Card = ""
	}
	return e
}

// ShowsHand reports the use of an ability whose outcome names an action
// card from its player's hand (the card shown to Kyver's owner): the log
// shows that card to its player alone.
func (a Action) ShowsHand() bool {
	return a.Kind == ActUseAbility && a.Outcome != "" && actionCardIDs()[a.Outcome]
}

var actionCardIDs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, c := range data.MustLoad().ActionCards {
		m[c.ID] = true
	}
	return m
})
