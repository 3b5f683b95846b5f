package narrate_test

import (
	"strings"
	"testing"

	"distviz/algo"
	"distviz/engine"
	"distviz/narrate"
)

var nodes = narrate.For(&algo.Algorithm{Text: algo.Texts{
	"en": {"note.discardsSmaller": "discards a smaller ID", "violation.wrongElected": "{1} (ID {2}) considers itself elected, but the highest ID is {3}"},
	"de": {"note.discardsSmaller": "verwirft eine kleinere ID", "violation.wrongElected": "{1} (ID {2}) hält sich für gewählt, aber die höchste ID ist {3}"},
	"es": {"note.discardsSmaller": "descarta un ID menor", "violation.wrongElected": "{1} (ID {2}) se considera elegido, pero el ID más alto es {3}"},
}}, []algo.Node{{ID: 3, Label: "P0"}, {ID: 9, Label: "P1"}, {ID: 1, Label: "P2"}, {ID: 7, Label: "P3"}})

func ev(kind engine.Kind, f func(e *engine.Event)) engine.Event {
	e := engine.Event{Seq: 1, Kind: kind, Node: engine.None, From: engine.None, To: engine.None}
	if f != nil {
		f(&e)
	}
	return e
}

func msg(e *engine.Event) { e.MsgID, e.Msg = 5, engine.Message{Type: "ELECTION"} }

// Every generic sentence in every language; English as it always read (the
// transcripts in algos/*/testdata depend on it byte for byte).
func TestSentences(t *testing.T) {
	cases := []struct {
		e          engine.Event
		en, de, es string
	}{
		{ev(engine.KindStart, func(e *engine.Event) { e.Node = 1 }),
			"P1 starts", "P1 startet", "P1 arranca"},
		{ev(engine.KindStart, func(e *engine.Event) { e.Node = 1; e.Text = engine.T("engine.crashedNoStart") }),
			"P1 starts: crashed: does not start", "P1 startet: ausgefallen: startet nicht", "P1 arranca: caído: no arranca"},
		{ev(engine.KindSend, func(e *engine.Event) { e.From, e.To = 0, 1; msg(e) }),
			"P0 sends ELECTION to P1", "P0 sendet ELECTION an P1", "P0 envía ELECTION a P1"},
		{ev(engine.KindDeliver, func(e *engine.Event) { e.From, e.To = 0, 1; msg(e) }),
			"P1 receives ELECTION from P0", "P1 empfängt ELECTION von P0", "P1 recibe ELECTION de P0"},
		{ev(engine.KindDrop, func(e *engine.Event) { e.From, e.To, e.Name = 0, 1, "crashed"; msg(e) }),
			"ELECTION from P0 to P1 is lost: P1 has crashed",
			"ELECTION von P0 an P1 geht verloren: P1 ist ausgefallen",
			"ELECTION de P0 a P1 se pierde: P1 ha caído"},
		{ev(engine.KindDrop, func(e *engine.Event) { e.From, e.To, e.Name = 0, 1, "lost"; msg(e) }),
			"ELECTION from P0 to P1 is lost: the link lost it",
			"ELECTION von P0 an P1 geht verloren: die Verbindung hat sie verloren",
			"ELECTION de P0 a P1 se pierde: el enlace lo perdió"},
		{ev(engine.KindDrop, func(e *engine.Event) { e.From, e.To, e.Name = 0, 1, "link down"; msg(e) }),
			"ELECTION from P0 to P1 is lost: the link is cut",
			"ELECTION von P0 an P1 geht verloren: die Verbindung ist getrennt",
			"ELECTION de P0 a P1 se pierde: el enlace está cortado"},
		{ev(engine.KindDrop, func(e *engine.Event) { e.From, e.To, e.Name = 0, 1, "user"; msg(e) }),
			"ELECTION from P0 to P1 is lost: dropped by hand",
			"ELECTION von P0 an P1 geht verloren: von Hand verworfen",
			"ELECTION de P0 a P1 se pierde: descartado a mano"},
		{ev(engine.KindDrop, func(e *engine.Event) { e.From, e.To, e.Name = 0, 1, "bus reset"; msg(e) }),
			"ELECTION from P0 to P1 is lost: the bus was reset",
			"ELECTION von P0 an P1 geht verloren: der Bus wurde zurückgesetzt",
			"ELECTION de P0 a P1 se pierde: el bus se reinició"},
		{ev(engine.KindDrop, func(e *engine.Event) { e.From, e.To, e.Name = 0, 1, "no cable"; msg(e) }),
			"ELECTION from P0 to P1 is lost: no cable joins them",
			"ELECTION von P0 an P1 geht verloren: kein Kabel verbindet sie",
			"ELECTION de P0 a P1 se pierde: ningún cable los une"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Node, e.Action = 2, &engine.Action{Type: engine.ActPlug, Node: 2} }),
			"You: plug a new device into P2", "Sie: ein neues Gerät an P2 anstecken", "Tú: conectar un dispositivo nuevo a P2"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Node, e.Action = 3, &engine.Action{Type: engine.ActUnplug, Node: 3} }),
			"You: unplug P3", "Sie: P3 abziehen", "Tú: desconectar P3"},
		{ev(engine.KindNote, func(e *engine.Event) { e.Text = engine.T("engine.busReset.plugged", engine.Pos(3), engine.Pos(1)) }),
			"bus reset: P3 is plugged into P1", "Bus-Reset: P3 wird an P1 angesteckt", "reinicio del bus: P3 se conecta a P1"},
		{ev(engine.KindNote, func(e *engine.Event) {
			e.Text = engine.T("engine.busReset.unpluggedFrom", engine.Pos(3), engine.Pos(1))
		}),
			"bus reset: P3 is unplugged from P1", "Bus-Reset: P3 wird von P1 abgezogen", "reinicio del bus: P3 se desconecta de P1"},
		{ev(engine.KindNote, func(e *engine.Event) {
			e.Text = engine.T("engine.busReset.split", engine.Pos(2), engine.Positions([]int{1, 3, 4}), engine.Num(3))
		}),
			"bus reset: P2 is unplugged from P1, P3, P4: the bus splits into 3 buses, each resets",
			"Bus-Reset: P2 wird von P1, P3, P4 abgezogen: der Bus zerfällt in 3 Busse, jeder wird zurückgesetzt",
			"reinicio del bus: P2 se desconecta de P1, P3, P4: el bus se divide en 3 buses, cada uno se reinicia"},
		{ev(engine.KindTimer, func(e *engine.Event) { e.Node, e.Name = 2, "answer" }),
			"P2: timer answer expires", "P2: Timer answer läuft ab", "P2: vence el temporizador answer"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Node, e.Action = 3, &engine.Action{Type: engine.ActCrash, Node: 3} }),
			"You: crash P3", "Sie: P3 ausfallen lassen", "Tú: hacer caer a P3"},
		{ev(engine.KindAction, func(e *engine.Event) {
			e.Node, e.Name, e.Action = 3, "scheduled", &engine.Action{Type: engine.ActRecover, Node: 3}
		}),
			"Scenario: recover P3", "Szenario: P3 wieder starten", "Escenario: recuperar a P3"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActDrop, Msg: 12} }),
			"You: drop message #12", "Sie: Nachricht #12 verwerfen", "Tú: descartar el mensaje #12"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActDeliver, Msg: 12} }),
			"You: deliver message #12 now", "Sie: Nachricht #12 jetzt zustellen", "Tú: entregar ahora el mensaje #12"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActFire, Node: 2, Timer: "answer"} }),
			"You: fire P2's timer answer now", "Sie: Timer answer von P2 jetzt auslösen", "Tú: disparar ahora el temporizador answer de P2"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActCut, From: 1, To: 2} }),
			"You: cut the link P1–P2", "Sie: die Verbindung P1–P2 trennen", "Tú: cortar el enlace P1–P2"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActRestore, From: 1, To: 2} }),
			"You: restore the link P1–P2", "Sie: die Verbindung P1–P2 wiederherstellen", "Tú: restablecer el enlace P1–P2"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActLoss, From: 1, To: 2, P: 0.25} }),
			"You: the link P1–P2 loses messages with probability 0.25",
			"Sie: die Verbindung P1–P2 verliert Nachrichten mit Wahrscheinlichkeit 0.25",
			"Tú: el enlace P1–P2 pierde mensajes con probabilidad 0.25"},
		{ev(engine.KindAction, func(e *engine.Event) { e.Action = &engine.Action{Type: engine.ActNode, Node: 3, Name: "notice"} }),
			"You: P3: notice", "Sie: P3: notice", "Tú: P3: notice"},
		{ev(engine.KindCrash, func(e *engine.Event) { e.Node = 3 }),
			"P3 crashes", "P3 fällt aus", "P3 cae"},
		{ev(engine.KindCrash, func(e *engine.Event) { e.Node, e.Text = 3, engine.T("engine.crashedFromStart") }),
			"P3 has crashed from the start", "P3 ist von Anfang an ausgefallen", "P3 está caído desde el inicio"},
		{ev(engine.KindRecover, func(e *engine.Event) { e.Node = 3 }),
			"P3 recovers", "P3 läuft wieder", "P3 se recupera"},
		{ev(engine.KindNote, func(e *engine.Event) { e.Node, e.Text = 1, engine.T("note.discardsSmaller") }),
			"P1: discards a smaller ID", "P1: verwirft eine kleinere ID", "P1: descarta un ID menor"},
		{ev(engine.KindNote, func(e *engine.Event) { e.Node, e.Text = 1, engine.T("note.nobodyWroteIt", engine.Num(4)) }),
			"P1: note.nobodyWroteIt(4)", "P1: note.nobodyWroteIt(4)", "P1: note.nobodyWroteIt(4)"},
		{ev(engine.KindNote, func(e *engine.Event) {
			e.Text = engine.T("engine.actionSkipped", engine.Sub(engine.T("engine.error", engine.Raw("crash: P3 has already crashed"))))
		}),
			"scheduled action skipped: crash: P3 has already crashed",
			"geplante Aktion übersprungen: crash: P3 has already crashed",
			"acción programada omitida: crash: P3 has already crashed"},
		{ev(engine.KindViolation, func(e *engine.Event) {
			e.Node, e.Name, e.Text = 1, "uniqueness", engine.T("violation.wrongElected", engine.Pos(1), engine.Num(9), engine.Num(12))
		}),
			"VIOLATION of uniqueness: P1 (ID 9) considers itself elected, but the highest ID is 12",
			"VERLETZUNG von uniqueness: P1 (ID 9) hält sich für gewählt, aber die höchste ID ist 12",
			"VIOLACIÓN de uniqueness: P1 (ID 9) se considera elegido, pero el ID más alto es 12"},
		{ev(engine.KindEnd, nil),
			"Nothing is left to happen: the run ends", "Nichts passiert mehr: der Lauf endet",
			"No queda nada por ocurrir: la ejecución termina"},
	}
	for _, c := range cases {
		for lang, want := range map[narrate.Lang]string{narrate.English: c.en, narrate.German: c.de, narrate.Spanish: c.es} {
			if got := nodes.In(lang).Event(&c.e); got != want {
				t.Errorf("%s %v:\n got %q\nwant %q", lang, c.e.Kind, got, want)
			}
		}
		if got := nodes.Event(&c.e); got != c.en {
			t.Errorf("Namer.Event %v: %q, want %q", c.e.Kind, got, c.en)
		}
	}
}

// Sends of one message by one process are one line in every language.
func TestLinesGroupSends(t *testing.T) {
	var evs []engine.Event
	for i, to := range []int32{1, 2, 3} {
		evs = append(evs, ev(engine.KindSend, func(e *engine.Event) { e.Seq, e.From, e.To = int64(4+i), 0, to; msg(e) }))
	}
	evs = append(evs, ev(engine.KindTimer, func(e *engine.Event) { e.Seq, e.Node, e.Name = 7, 0, "answer" }))
	for lang, want := range map[narrate.Lang]string{
		narrate.English: "P0 sends ELECTION to P1, P2, P3",
		narrate.German:  "P0 sendet ELECTION an P1, P2, P3",
		narrate.Spanish: "P0 envía ELECTION a P1, P2, P3",
	} {
		lines := nodes.In(lang).Lines(evs)
		if len(lines) != 2 || lines[0].Text != want || lines[0].First != 4 || lines[0].Last != 6 || lines[1].First != 7 {
			t.Errorf("%s: %+v", lang, lines)
		}
	}
}

func TestParseLang(t *testing.T) {
	for _, l := range narrate.Langs() {
		if got, err := narrate.ParseLang(string(l)); err != nil || got != l {
			t.Errorf("ParseLang(%q) = %q, %v", l, got, err)
		}
	}
	for _, s := range []string{"", "fr", "DE", "english"} {
		if _, err := narrate.ParseLang(s); err == nil || !strings.Contains(err.Error(), "en, de or es") {
			t.Errorf("ParseLang(%q): %v, want a refusal naming the languages", s, err)
		}
	}
	// An unknown language narrates in English.
	e := ev(engine.KindRecover, func(e *engine.Event) { e.Node = 3 })
	if got := nodes.In("fr").Event(&e); got != "P3 recovers" {
		t.Errorf("In(fr): %q", got)
	}
}
