package narrate

import (
	"fmt"
)

// Lang is a narration language.
type Lang string

// The languages narration speaks.
const (
	English Lang = "en"
	German  Lang = "de"
	Spanish Lang = "es"
)

// Langs lists the languages, English first.
func Langs() []Lang { return []Lang{English, German, Spanish} }

// ParseLang reads a language code such as "de".
func ParseLang(s string) (Lang, error) {
	l := Lang(s)
	if _, ok := tables[l]; ok {
		return l, nil
	}
	return "", fmt.Errorf("unknown language %q; choose en, de or es", s)
}

// phrases are one language's sentences. Each is a format whose arguments are
// given in its comment; translations reorder them with %[n]s.
type phrases struct {
	start       string // process
	startWhy    string // process, why (a text)
	send        string // sender, message, receivers
	receive     string // receiver, message, sender
	lost        string // message, sender, receiver, why
	dropCrashed string // receiver
	dropLost    string
	dropCut     string
	dropUser    string
	dropReset   string
	dropNoCable string
	timer       string // process, timer
	you         string // who acted: the user …
	scenario    string // … or the scenario
	crash       string // process
	crashWhy    string // process, why (a text)
	recover     string // process
	violation   string // invariant, text
	end         string
	anAction    string
	actCrash    string // process
	actRecover  string // process
	actDrop     string // message id (%d)
	actDeliver  string // message id (%d)
	actFire     string // process, timer
	actCut      string // process, process
	actRestore  string // process, process
	actLoss     string // process, process, probability (%g)
	actPlug     string // process
	actUnplug   string // process
}

var tables = map[Lang]*phrases{
	English: {
		start:       "%s starts",
		startWhy:    "%s starts: %s",
		send:        "%s sends %s to %s",
		receive:     "%s receives %s from %s",
		lost:        "%s from %s to %s is lost: %s",
		dropCrashed: "%s has crashed",
		dropLost:    "the link lost it",
		dropCut:     "the link is cut",
		dropUser:    "dropped by hand",
		dropReset:   "the bus was reset",
		dropNoCable: "no cable joins them",
		timer:       "%s: timer %s expires",
		you:         "You",
		scenario:    "Scenario",
		crash:       "%s crashes",
		crashWhy:    "%s has %s",
		recover:     "%s recovers",
		violation:   "VIOLATION of %s: %s",
		end:         "Nothing is left to happen: the run ends",
		anAction:    "an action",
		actCrash:    "crash %s",
		actRecover:  "recover %s",
		actDrop:     "drop message #%d",
		actDeliver:  "deliver message #%d now",
		actFire:     "fire %s's timer %s now",
		actCut:      "cut the link %s–%s",
		actRestore:  "restore the link %s–%s",
		actLoss:     "the link %s–%s loses messages with probability %g",
		actPlug:     "plug a new device into %s",
		actUnplug:   "unplug %s",
	},
	German: {
		start:       "%[1]s startet",
		startWhy:    "%[1]s startet: %[2]s",
		send:        "%[1]s sendet %[2]s an %[3]s",
		receive:     "%[1]s empfängt %[2]s von %[3]s",
		lost:        "%[1]s von %[2]s an %[3]s geht verloren: %[4]s",
		dropCrashed: "%[1]s ist ausgefallen",
		dropLost:    "die Verbindung hat sie verloren",
		dropCut:     "die Verbindung ist getrennt",
		dropUser:    "von Hand verworfen",
		dropReset:   "der Bus wurde zurückgesetzt",
		dropNoCable: "kein Kabel verbindet sie",
		timer:       "%[1]s: Timer %[2]s läuft ab",
		you:         "Sie",
		scenario:    "Szenario",
		crash:       "%[1]s fällt aus",
		crashWhy:    "%[1]s ist %[2]s",
		recover:     "%[1]s läuft wieder",
		violation:   "VERLETZUNG von %[1]s: %[2]s",
		end:         "Nichts passiert mehr: der Lauf endet",
		anAction:    "eine Aktion",
		actCrash:    "%[1]s ausfallen lassen",
		actRecover:  "%[1]s wieder starten",
		actDrop:     "Nachricht #%[1]d verwerfen",
		actDeliver:  "Nachricht #%[1]d jetzt zustellen",
		actFire:     "Timer %[2]s von %[1]s jetzt auslösen",
		actCut:      "die Verbindung %[1]s–%[2]s trennen",
		actRestore:  "die Verbindung %[1]s–%[2]s wiederherstellen",
		actLoss:     "die Verbindung %[1]s–%[2]s verliert Nachrichten mit Wahrscheinlichkeit %[3]g",
		actPlug:     "ein neues Gerät an %[1]s anstecken",
		actUnplug:   "%[1]s abziehen",
	},
	Spanish: {
		start:       "%[1]s arranca",
		startWhy:    "%[1]s arranca: %[2]s",
		send:        "%[1]s envía %[2]s a %[3]s",
		receive:     "%[1]s recibe %[2]s de %[3]s",
		lost:        "%[1]s de %[2]s a %[3]s se pierde: %[4]s",
		dropCrashed: "%[1]s ha caído",
		dropLost:    "el enlace lo perdió",
		dropCut:     "el enlace está cortado",
		dropUser:    "descartado a mano",
		dropReset:   "el bus se reinició",
		dropNoCable: "ningún cable los une",
		timer:       "%[1]s: vence el temporizador %[2]s",
		you:         "Tú",
		scenario:    "Escenario",
		crash:       "%[1]s cae",
		crashWhy:    "%[1]s está %[2]s",
		recover:     "%[1]s se recupera",
		violation:   "VIOLACIÓN de %[1]s: %[2]s",
		end:         "No queda nada por ocurrir: la ejecución termina",
		anAction:    "una acción",
		actCrash:    "hacer caer a %[1]s",
		actRecover:  "recuperar a %[1]s",
		actDrop:     "descartar el mensaje #%[1]d",
		actDeliver:  "entregar ahora el mensaje #%[1]d",
		actFire:     "disparar ahora el temporizador %[2]s de %[1]s",
		actCut:      "cortar el enlace %[1]s–%[2]s",
		actRestore:  "restablecer el enlace %[1]s–%[2]s",
		actLoss:     "el enlace %[1]s–%[2]s pierde mensajes con probabilidad %[3]g",
		actPlug:     "conectar un dispositivo nuevo a %[1]s",
		actUnplug:   "desconectar %[1]s",
	},
}
