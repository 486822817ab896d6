package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mecatol/mecatol/internal/combat"
	"github.com/mecatol/mecatol/internal/ti4"
)

func cmdOdds(args []string, out io.Writer) error {
	fs := flags("odds")
	atk := fs.String("attacker", "", `attacker's units in the system, e.g. "2 dreadnought2, 1 carrier, 4 infantry"`)
	def := fs.String("defender", "", "defender's units in the system's space")
	planet := fs.String("planet", "", `defender's units on the planet invaded, e.g. "1 pds, 3 infantry"`)
	invade := fs.Bool("invade", false, "after the space combat, invade the planet with the attacker's ground forces")
	ground := fs.Bool("ground", false, "the invasion alone: no space combat")
	atkMod := fs.Int("attacker-mod", 0, "added to each of the attacker's combat rolls (e.g. 1, -1)")
	defMod := fs.Int("defender-mod", 0, "added to each of the defender's combat rolls")
	atkReroll := fs.Bool("attacker-reroll", false, "the attacker rerolls each missed combat die once")
	defReroll := fs.Bool("defender-reroll", false, "the defender rerolls each missed combat die once")
	atkTG := fs.Int("attacker-trade-goods", 0, "trade goods the attacker spends, one a die, on combat dice that +1 makes hit (Wrath of Kenara)")
	defTG := fs.Int("defender-trade-goods", 0, "trade goods the defender spends, as --attacker-trade-goods")
	atkRoundMod := fs.Int("attacker-round-mod", 0, "added to the attacker's rolls in one round of each combat only (Morale Boost: 1); the round is --mod-round")
	defRoundMod := fs.Int("defender-round-mod", 0, "added to the defender's rolls in one round of each combat only")
	atkRoundReroll := fs.Bool("attacker-round-reroll", false, "the attacker rerolls missed dice in one round of each combat only")
	defRoundReroll := fs.Bool("defender-round-reroll", false, "the defender rerolls missed dice in one round of each combat only")
	modRound := fs.Int("mod-round", 1, "the combat round the --*-round-* options apply to")
	nebula := fs.Bool("nebula", false, "the combat is in a nebula: the defender adds 1 to its space combat rolls (LRR 59.3; not in the ground combat)")
	noCannon := fs.Bool("no-cannon", false, "skip space cannon offense and defense")
	noBarrage := fs.Bool("no-barrage", false, "skip anti-fighter barrage")
	noBombard := fs.Bool("no-bombard", false, "skip bombardment")
	policy := fs.String("policy", "sustain-first", "casualty order, for both sides: "+policyHelp())
	atkTech := fs.String("attacker-tech", "", "the attacker's technologies, leaders, promissory notes and abilities used by choice that act in combat, by id, comma-separated: "+strings.Join(ti4.CombatTechIDs(), ", "))
	defTech := fs.String("defender-tech", "", "the defender's, as --attacker-tech")
	atkFaction := fs.String("attacker-faction", "", "the attacker's faction (e.g. sardakk, jolnar): its abilities that change combat rolls apply, as in play")
	defFaction := fs.String("defender-faction", "", "the defender's faction, as --attacker-faction")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	sim := fs.Int("sim", 0, "also simulate this many battles with dice, on the same combat rules")
	seed := fs.Uint64("seed", 1, "seed for --sim")
	if err := parse(fs, args); err != nil {
		return err
	}
	pol, err := combat.ParsePolicy(*policy)
	if err != nil {
		return usageError{err, "odds"}
	}
	var b combat.Battle
	if b.Attacker.Units, err = ti4.ParseUnits(*atk); err != nil {
		return fmt.Errorf("--attacker: %w", err)
	}
	if b.Defender.Units, err = ti4.ParseUnits(*def); err != nil {
		return fmt.Errorf("--defender: %w", err)
	}
	if b.Defender.Planet, err = ti4.ParseUnits(*planet); err != nil {
		return fmt.Errorf("--planet: %w", err)
	}
	b.Attacker.Mod, b.Defender.Mod = *atkMod, *defMod
	for _, f := range []struct {
		side               string
		faction, tech, foe string
		dst                *combat.Side
	}{{"attacker", *atkFaction, *atkTech, *defFaction, &b.Attacker}, {"defender", *defFaction, *defTech, *atkFaction, &b.Defender}} {
		var fe *ti4.OddsField
		if err := ti4.ArmSide(f.dst, f.faction, f.tech, f.foe); errors.As(err, &fe) {
			return fmt.Errorf("--%s-%s: %w", f.side, fe.Field, fe.Err)
		}
	}
	b.Nebula = *nebula
	b.Attacker.Reroll, b.Defender.Reroll = *atkReroll, *defReroll
	b.Attacker.TradeGoods, b.Defender.TradeGoods = *atkTG, *defTG
	if *modRound < 1 {
		return usageError{fmt.Errorf("--mod-round counts from 1, not %d", *modRound), "odds"}
	}
	b.Attacker.RoundMod, b.Attacker.RoundReroll, b.Attacker.Round = *atkRoundMod, *atkRoundReroll, *modRound
	b.Defender.RoundMod, b.Defender.RoundReroll, b.Defender.Round = *defRoundMod, *defRoundReroll, *modRound
	b.Attacker.Policy, b.Defender.Policy = pol, pol
	b.NoCannon, b.NoBarrage, b.NoBombard = *noCannon, *noBarrage, *noBombard
	b.Space, b.Invade = !*ground, *invade || *ground
	if len(b.Attacker.Units) == 0 {
		return usageError{fmt.Errorf("--attacker lists no units"), "odds"}
	}
	report := struct {
		Policy    combat.Policy  `json:"policy"`
		Exact     *combat.Result `json:"exact,omitempty"`
		Inexact   string         `json:"inexact,omitempty"`
		Simulated *combat.Result `json:"simulated,omitempty"`
		Battles   int            `json:"battles,omitempty"`
	}{Policy: pol}
	exact, err := combat.Solve(b)
	switch {
	case errors.Is(err, combat.ErrInexact): // simulate instead
		report.Inexact = err.Error()
		*sim = max(*sim, defaultSim)
	case err != nil:
		return err
	default:
		report.Exact = &exact
	}
	if *sim > 0 {
		r, err := combat.Simulate(b, *sim, *seed)
		if err != nil {
			return err
		}
		report.Simulated, report.Battles = &r, *sim
	}
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	}
	fmt.Fprintf(out, "Casualties: %s.\n", pol)
	if report.Exact != nil {
		printResult(out, "Exact", exact)
	} else {
		fmt.Fprintf(out, "No exact result: %s.\n", report.Inexact)
	}
	if report.Simulated != nil {
		printResult(out, fmt.Sprintf("Simulated (%d battles)", *sim), *report.Simulated)
	}
	return nil
}

// defaultSim is how many battles odds simulates when it cannot solve
// exactly: the standard error of a chance is then at most 0.16 points.
const defaultSim = 100000

func pct(p float64) string { return fmt.Sprintf("%6.2f%%", 100*p) }

func printResult(out io.Writer, title string, r combat.Result) {
	fmt.Fprintf(out, "%s: attacker wins %s, defender wins %s, both destroyed %s\n",
		title, pct(r.AttackerWins), pct(r.DefenderWins), pct(r.BothDestroyed))
	for _, st := range r.Stages {
		fmt.Fprintf(out, "  %s: attacker %s, defender %s, both destroyed %s", st.Name, pct(st.AttackerWins), pct(st.DefenderWins), pct(st.BothDestroyed))
		if st.Stalemate > 0 {
			fmt.Fprintf(out, ", neither can hit %s", pct(st.Stalemate))
		}
		fmt.Fprintln(out)
		for _, side := range []struct {
			name string
			surv []combat.Outcome
			exp  map[string]float64
		}{{"attacker", st.AttackerSurvivors, st.AttackerExpected}, {"defender", st.DefenderSurvivors, st.DefenderExpected}} {
			fmt.Fprintf(out, "    %s survivors, most likely first:\n", side.name)
			for i, o := range side.surv {
				if i == 5 {
					fmt.Fprintf(out, "      ... %d more\n", len(side.surv)-5)
					break
				}
				fmt.Fprintf(out, "      %s  %s\n", pct(o.P), o.Units)
			}
			var ids []string
			for id := range side.exp {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			var parts []string
			for _, id := range ids {
				parts = append(parts, fmt.Sprintf("%s %.2f", id, side.exp[id]))
			}
			fmt.Fprintf(out, "    %s expected survivors: %s\n", side.name, strings.Join(parts, ", "))
		}
	}
}

// policyHelp lists the casualty policies and what each does.
func policyHelp() string {
	var parts []string
	for _, p := range combat.Policies {
		parts = append(parts, fmt.Sprintf("%s (%s)", p.Name, p.About))
	}
	return strings.Join(parts, "; ")
}
