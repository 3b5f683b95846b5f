package algos

// The registry's texts in German and Spanish. translations holds, for each
// language but English, the exact English text (as Texts lists it) and its
// translation; register copies the ones an algorithm uses into its I18n
// field, which the page reads (static/js/i18n.js tr). Message types
// (ELECTION, ANSWER, …), parameter names, variant names (lcr, participant),
// the constants T and T′ and formulas stay as the lectures print them; the
// wording follows the narration's (narrate/translations.go).
//
// A new algorithm, or a changed sentence, needs a line here in every
// language: TestEveryTextIsTranslated finds the ones missing.

// languages are the codes the tables translate into, as narrate.Lang spells them.
var languages = []string{"de", "es"}

var translations = map[string]map[string]string{
	"de": {
		// Experiment presets (experiments.go).
		"Worst, best and average case against n": "Schlechtester, bester und mittlerer Fall über n",
		"ELECTION messages for IDs decreasing, increasing and shuffled along the ring, n from 4 to 128, 20 seeds each: " +
			"the worst case follows n(n+1)/2, the best case 2n−1 and the average n·H_n.": "ELECTION-Nachrichten für IDs, die entlang des Rings absteigen, aufsteigen oder gemischt sind, n von 4 bis 128, je 20 Seeds: " +
			"der schlechteste Fall folgt n(n+1)/2, der beste 2n−1 und der Mittelwert n·H_n.",
		"Average case: random IDs against n": "Mittlerer Fall: zufällige IDs über n",
		"ELECTION messages for IDs shuffled by the seed, n from 4 to 128, 200 seeds each: the mean follows n·H_n, " +
			"which grows like n·ln n, far below the worst case.": "ELECTION-Nachrichten für vom Seed gemischte IDs, n von 4 bis 128, je 200 Seeds: der Mittelwert folgt n·H_n, " +
			"das wie n·ln n wächst, weit unter dem schlechtesten Fall.",
		"Spread of the average case, n = 16": "Streuung im mittleren Fall, n = 16",
		"ELECTION messages of 1000 random ID orders on a ring of 16: they scatter around the mean 16·H_16 ≈ 54 " +
			"between the best case 31 and the worst case 136.": "ELECTION-Nachrichten von 1000 zufälligen ID-Anordnungen auf einem Ring aus 16: Sie streuen um den Mittelwert 16·H_16 ≈ 54 " +
			"zwischen dem besten Fall 31 und dem schlechtesten Fall 136.",
		"Worst case: the lowest notices, against n": "Schlechtester Fall: der niedrigste bemerkt es, über n",
		"The highest process has crashed and process 0 notices: every process answers every lower one and holds " +
			"its own election, n²−n−1 messages.": "Der höchste Prozess ist ausgefallen und Prozess 0 bemerkt es: Jeder Prozess antwortet jedem niedrigeren und hält " +
			"seine eigene Wahl ab, n²−n−1 Nachrichten.",
		"Best case: the second-highest notices, against n": "Bester Fall: der zweithöchste bemerkt es, über n",
		"The highest process has crashed and the second-highest notices: it knows every higher process is dead " +
			"and announces itself with n−2 COORDINATOR messages.": "Der höchste Prozess ist ausgefallen und der zweithöchste bemerkt es: Er weiß, dass jeder höhere Prozess tot ist, " +
			"und verkündet sich mit n−2 COORDINATOR-Nachrichten.",
		"Messages per entry against n":                   "Nachrichten je Eintritt über n",
		"Ring with participants: one starter, against n": "Ring mit Teilnehmern: ein Starter, über n",
		"Variant participant, one starter at position 0, IDs shuffled by the seed, n from 4 to 128, 50 seeds each: all messages lie between 2n (the starter holds the maximum) and 3n−1 (the maximum sits just behind the starter).": "Variante participant, ein Starter an Position 0, IDs vom Seed gemischt, n von 4 bis 128, je 50 Seeds: alle Nachrichten liegen zwischen 2n (der Starter hat das Maximum) und 3n−1 (das Maximum sitzt direkt hinter dem Starter).",
		"Messages against n, one initiator": "Nachrichten über n, ein Initiator",
		"One initiator, no crash, n from 4 to 128: the list goes round once and the COORDINATOR message once more, 2k messages for k live processes, whatever the IDs.": "Ein Initiator, kein Absturz, n von 4 bis 128: die Liste läuft einmal herum und die COORDINATOR-Nachricht noch einmal, 2k Nachrichten für k lebende Prozesse, gleich welche IDs.",
		"independent model": "unabhängiges Modell",
		"two devices with coin flips and the lecture's windows, wire delay 10, 30 or 50 ns (ALGORITHMS.md 1.7, 200,000 runs each)":                                                                                                    "zwei Geräte mit Münzwurf und den Fenstern der Vorlesung, Kabelverzögerung 10, 30 oder 50 ns (ALGORITHMS.md 1.7, je 200.000 Läufe)",
		"Explicit workload, one {\"node\": position, \"at\": time} per request (or [position, time]), e.g. [{\"node\": 0, \"at\": 12}, {\"node\": 1, \"at\": 8}]; the same as requestNodes and requestTimes (give one or the other).": "Explizite Last, ein {\"node\": Position, \"at\": Zeit} je Anforderung (oder [Position, Zeit]), z. B. [{\"node\": 0, \"at\": 12}, {\"node\": 1, \"at\": 8}]; dasselbe wie requestNodes und requestTimes (eines von beiden angeben).",
		"Generated workload: when above 0, each process's count requests arrive as a Poisson process of this rate (requests per time unit, exponential gaps drawn by the seeded generator) instead of within spread.":                 "Erzeugte Last: über 0 treffen die count Anforderungen jedes Prozesses als Poisson-Prozess mit dieser Rate ein (Anforderungen je Zeiteinheit, exponentielle Abstände vom Generator mit Seed) statt innerhalb von spread.",
		"Uncontended against everybody at once, projective planes": "Ohne Konkurrenz gegen alle auf einmal, projektive Ebenen",
		"Every process of a projective plane (n = 7 to 91, |S| = 3 to 10) requests once, all at time 0 or spread over a million time units so that requests practically never meet, delays from 1 to 10, 10 seeds each: spread requests cost 3(|S|−1) messages per entry; at once, INQUIRE, RELINQUISH and FAILED push the cost towards 4(|S|−1) and 5(|S|−1).": "Jeder Prozess einer projektiven Ebene (n = 7 bis 91, |S| = 3 bis 10) fordert einmal an, alle zur Zeit 0 oder über eine Million Zeiteinheiten verteilt, sodass sich Anforderungen praktisch nie treffen, Verzögerungen von 1 bis 10, je 10 Seeds: verteilte Anforderungen kosten 3(|S|−1) Nachrichten je Eintritt; auf einmal treiben INQUIRE, RELINQUISH und FAILED die Kosten in Richtung 4(|S|−1) und 5(|S|−1).",
		"Grid quorums against n, everybody at once": "Gitter-Quoren über n, alle auf einmal",
		"Row-and-column quorums of a √n×√n grid (|S| = 2√n−1), every process requests at time 0, delays from 1 to 10, 10 seeds each: the messages per entry grow like √n, not like n as in Ricart–Agrawala.": "Zeilen-und-Spalten-Quoren eines √n×√n-Gitters (|S| = 2√n−1), jeder Prozess fordert zur Zeit 0 an, Verzögerungen von 1 bis 10, je 10 Seeds: die Nachrichten je Eintritt wachsen wie √n, nicht wie n bei Ricart–Agrawala.",
		"Contention rounds of two devices, 100 ns wire delay": "Konfliktrunden zweier Geräte, 100 ns Leitungsverzögerung",
		"Two devices on one cable, 2000 bus resets: the first round resolves exactly when the coins differ (probability ½), so the rounds follow a geometric distribution with mean 2.": "Zwei Geräte an einem Kabel, 2000 Bus-Resets: die erste Runde entscheidet genau dann, wenn die Münzen verschieden fallen (Wahrscheinlichkeit ½), also folgen die Runden einer geometrischen Verteilung mit Mittelwert 2.",
		"Contention rounds against the wire delay": "Konfliktrunden über der Leitungsverzögerung",
		"Two devices on one cable, 300 bus resets for each wire delay from 10 to 200 ns: on a short wire a later round can resolve with equal coins (mean about 1.47 at 10 ns, 1.95 at 30 ns); from 50 ns on the mean is 2.": "Zwei Geräte an einem Kabel, 300 Bus-Resets je Leitungsverzögerung von 10 bis 200 ns: auf einer kurzen Leitung kann eine spätere Runde auch bei gleichen Münzen entscheiden (Mittelwert etwa 1,47 bei 10 ns, 1,95 bei 30 ns); ab 50 ns ist der Mittelwert 2.",
		"Messages against n on random trees": "Nachrichten über n auf zufälligen Bäumen",
		"Random trees of 3-port devices, n from 2 to 63, 50 seeds each: 2(n−1) messages plus two for every contention round (one BE_MY_PARENT from each side).": "Zufällige Bäume aus Geräten mit 3 Ports, n von 2 bis 63, je 50 Seeds: 2(n−1) Nachrichten plus zwei je Konfliktrunde (ein BE_MY_PARENT von jeder Seite).",
		"Messages against n, one starter": "Nachrichten über n, ein Starter",
		"Random trees, one starter, n from 2 to 256, 20 seeds each: n−1 EXPLOSION, n ECHO and n−2 INFO messages, 3n−3 in all, whatever the tree's shape.":                  "Zufällige Bäume, ein Starter, n von 2 bis 256, je 20 Seeds: n−1 EXPLOSION-, n ECHO- und n−2 INFO-Nachrichten, insgesamt 3n−3, wie auch immer der Baum aussieht.",
		"Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: the messages per entry against the theory's 2(n−1).": "Jeder Prozess fragt einmal zu einer Zeit aus [0, 20] an, Verzögerungen von 1 bis 5, n von 2 bis 64, je 10 Seeds: die Nachrichten je Eintritt gegen die 2(n−1) der Theorie.",
		"Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: the messages per entry against the theory's 3(n−1).": "Jeder Prozess fragt einmal zu einer Zeit aus [0, 20] an, Verzögerungen von 1 bis 5, n von 2 bis 64, je 10 Seeds: die Nachrichten je Eintritt gegen die 3(n−1) der Theorie.",
		"Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: the messages per entry against the theory's 3.":      "Jeder Prozess fragt einmal zu einer Zeit aus [0, 20] an, Verzögerungen von 1 bis 5, n von 2 bis 64, je 10 Seeds: die Nachrichten je Eintritt gegen die 3 der Theorie.",
		"Messages per entry against n, everyone wants": "Nachrichten je Eintritt über n, alle wollen",
		"Every process requests 10 times at time 0, n from 2 to 64: one TOKEN message per entry, plus the rounds " +
			"the token keeps going after the last request.": "Jeder Prozess fragt 10-mal zur Zeit 0 an, n von 2 bis 64: eine TOKEN-Nachricht je Eintritt, dazu die Runden, " +
			"die das Token nach der letzten Anfrage noch kreist.",
		"Messages per entry against the load, n = 8": "Nachrichten je Eintritt über die Last, n = 8",
		"Every process requests 1 to 32 times at random times: the more requests, the fewer of the token's " +
			"passes are wasted on processes that do not want it.": "Jeder Prozess fragt 1- bis 32-mal zu zufälligen Zeiten an: Je mehr Anfragen, desto weniger Durchläufe des Tokens " +
			"gehen an Prozesse verloren, die es nicht wollen.",

		// Shared parameters (common.go).
		"Number of processes on the ring.":                                           "Anzahl der Prozesse im Ring.",
		"Election IDs by position (the values compared), distinct, one per process.": "Wahl-IDs nach Position (die verglichenen Werte), paarweise verschieden, eine je Prozess.",
		"distinct, laid out by idOrder":                                              "paarweise verschieden, angeordnet nach idOrder",
		"How default IDs are laid out along the direction of travel: shuffled by the seed, increasing (best case) or decreasing (worst case). Ignored when ids is given.": "Wie die voreingestellten IDs in Laufrichtung angeordnet sind: vom Seed gemischt, aufsteigend (bester Fall) oder absteigend (schlechtester Fall). Wird ignoriert, wenn ids angegeben ist.",
		"Link delay in time units: fixed, or drawn uniformly from [min, max] by the seeded generator.":                                                                    "Verzögerung einer Verbindung in Zeiteinheiten: fest oder vom Zufallsgenerator mit dem Seed gleichverteilt aus [min, max] gezogen.",
		"FIFO channels: a later message never overtakes an earlier one on the same link.":                                                                                 "FIFO-Kanäle: Eine spätere Nachricht überholt nie eine frühere auf derselben Verbindung.",
		"Probability that a link loses a message.": "Wahrscheinlichkeit, dass eine Verbindung eine Nachricht verliert.",

		// Elections in general: invariants and theory.
		"At most one process is elected, and it has the highest ID.":                "Höchstens ein Prozess wird gewählt, und er hat die höchste ID.",
		"A process that knows a leader knows the highest ID.":                       "Ein Prozess, der einen Leader kennt, kennt die höchste ID.",
		"When nothing is left to happen, every live process knows the same leader.": "Wenn nichts mehr geschehen kann, kennen alle lebenden Prozesse denselben Leader.",
		"worst case":   "schlechtester Fall",
		"best case":    "bester Fall",
		"all messages": "alle Nachrichten",

		// Bully.
		"Bully": "Bully-Algorithmus",
		"Garcia-Molina's election for a synchronous system with crash failures, where every process knows all IDs. " +
			"A process that notices the coordinator has failed sends ELECTION to every higher ID. A higher process " +
			"replies ANSWER and holds an election itself. With no ANSWER within T, the process becomes coordinator and " +
			"tells every lower ID with COORDINATOR. With an ANSWER, it waits T′ for COORDINATOR and starts over if none comes. " +
			"A process that recovers holds an election at once, so the highest one takes over (it bullies).": "Die Wahl nach Garcia-Molina für ein synchrones System mit Prozessausfällen, in dem jeder Prozess alle IDs kennt. " +
			"Ein Prozess, der den Ausfall des Koordinators bemerkt, schickt ELECTION an jede höhere ID. Ein höherer Prozess " +
			"antwortet mit ANSWER und hält selbst eine Wahl ab. Kommt innerhalb von T kein ANSWER, wird der Prozess Koordinator " +
			"und teilt das jeder niedrigeren ID mit COORDINATOR mit. Kommt ein ANSWER, wartet er T′ auf COORDINATOR und beginnt von vorn, wenn keines kommt. " +
			"Ein Prozess, der wieder anläuft, hält sofort eine Wahl ab; so setzt sich der höchste durch (er ist der Bully).",
		"Number of processes; every process knows all IDs.":       "Anzahl der Prozesse; jeder Prozess kennt alle IDs.",
		"position p has ID p":                                     "Position p hat die ID p",
		"[n−1]: the coordinator, the process with the highest ID": "[n−1]: der Koordinator, der Prozess mit der höchsten ID",
		"Positions crashed from the start. Every process believes at first that the highest ID is the coordinator.":                  "Von Anfang an ausgefallene Positionen. Jeder Prozess hält anfangs die höchste ID für den Koordinator.",
		"[min(4, n−2)]: P4 as in the lecture (the second-highest when n ≤ 6)":                                                        "[min(4, n−2)]: P4 wie in der Vorlesung (der zweithöchste, wenn n ≤ 6)",
		"Positions that notice the coordinator's failure at time 0 and hold an election. Each must be live.":                         "Positionen, die zur Zeit 0 den Ausfall des Koordinators bemerken und eine Wahl abhalten. Jede muss leben.",
		"T: how long a process waits for an ANSWER before it declares itself coordinator. Safe only above the round trip 2·delay.":   "T: wie lange ein Prozess auf ein ANSWER wartet, bevor er sich zum Koordinator erklärt. Sicher nur oberhalb der Umlaufzeit 2·delay.",
		"T′: how long a process that got an ANSWER waits for COORDINATOR before it starts over.":                                     "T′: wie lange ein Prozess, der ein ANSWER bekommen hat, auf COORDINATOR wartet, bevor er von vorn beginnt.",
		"Positions crashed from the start that recover at time recoverAt and hold an election at once.":                              "Von Anfang an ausgefallene Positionen, die zur Zeit recoverAt wieder anlaufen und sofort eine Wahl abhalten.",
		"When the processes in recover recover.":                                                                                     "Wann die Prozesse in recover wieder anlaufen.",
		"notice the coordinator's failure":                                                                                           "Ausfall des Koordinators bemerken",
		"The process learns that its coordinator has failed and holds an election (unless it is holding one already).":               "Der Prozess erfährt, dass sein Koordinator ausgefallen ist, und hält eine Wahl ab (außer er hält schon eine ab).",
		"A process declares itself coordinator only when every process with a higher ID has crashed.":                                "Ein Prozess erklärt sich nur dann zum Koordinator, wenn alle Prozesse mit höherer ID ausgefallen sind.",
		"When nothing is left to happen, every live process believes in the same coordinator, the live process with the highest ID.": "Wenn nichts mehr geschehen kann, halten alle lebenden Prozesse denselben Prozess für den Koordinator: den lebenden mit der höchsten ID.",
		"the highest has crashed and the second-highest notices: it announces directly":                                              "der höchste ist ausgefallen und der zweithöchste bemerkt es: er verkündet sich direkt",
		"all messages (COORDINATOR only)":                       "alle Nachrichten (nur COORDINATOR)",
		"the highest has crashed and the lowest notices, n ≥ 3": "der höchste ist ausgefallen und der niedrigste bemerkt es, n ≥ 3",
		"all messages (ELECTION + ANSWER + COORDINATOR)":        "alle Nachrichten (ELECTION + ANSWER + COORDINATOR)",
		"Lecture: coordinator 7 crashed, 4 notices":             "Vorlesung: Koordinator 7 ausgefallen, 4 bemerkt es",
		"Processes 0–7, the coordinator 7 has crashed, process 4 notices. 4 sends ELECTION to 5, 6, 7; 5 and 6 answer; " +
			"5 and 6 hold elections; 6 answers 5; 7 never answers; 6 wins and tells everyone with COORDINATOR.": "Prozesse 0–7, der Koordinator 7 ist ausgefallen, Prozess 4 bemerkt es. 4 schickt ELECTION an 5, 6, 7; 5 und 6 antworten; " +
			"5 und 6 halten Wahlen ab; 6 antwortet 5; 7 antwortet nie; 6 gewinnt und teilt es allen mit COORDINATOR mit.",
		"Timeout shorter than the round trip": "Timeout kürzer als die Umlaufzeit",
		"T = 15 but an ELECTION and its ANSWER take 2·10: 4, then 5 declare themselves coordinator although 6 is alive. " +
			"Safety breaks: two coordinators.": "T = 15, aber ein ELECTION und sein ANSWER brauchen 2·10: erst 4, dann 5 erklären sich zum Koordinator, obwohl 6 lebt. " +
			"Die Sicherheit ist verletzt: zwei Koordinatoren.",
		"Best case: the second-highest notices":                                                                       "Bester Fall: der zweithöchste bemerkt es",
		"6 knows the only higher process 7 is dead and announces directly: n−2 messages.":                             "6 weiß, dass der einzige höhere Prozess 7 ausgefallen ist, und verkündet sich direkt: n−2 Nachrichten.",
		"Worst case: the lowest notices":                                                                              "Schlechtester Fall: der niedrigste bemerkt es",
		"0 notices; every process answers every lower one and holds its own election: n²−n−1 messages, O(n²).":        "0 bemerkt es; jeder Prozess antwortet jedem niedrigeren und hält seine eigene Wahl ab: n²−n−1 Nachrichten, O(n²).",
		"Two processes notice at once":                                                                                "Zwei Prozesse bemerken es gleichzeitig",
		"1 and 4 notice together and hold concurrent elections; processes already holding one do not start a second.": "1 und 4 bemerken es zugleich und halten nebenläufige Wahlen ab; Prozesse, die schon eine abhalten, beginnen keine zweite.",
		"The old coordinator recovers and bullies":                                                                    "Der alte Koordinator läuft wieder an und setzt sich durch",
		"As in the lecture, 6 wins; at time 100, 7 recovers, has the highest ID and takes over with COORDINATOR.":     "Wie in der Vorlesung gewinnt 6; zur Zeit 100 läuft 7 wieder an, hat die höchste ID und übernimmt mit COORDINATOR.",

		// Chang–Roberts.
		"Chang–Roberts": "Chang–Roberts",
		"Election on a unidirectional ring. Variant lcr (LeLann–Chang–Roberts, as in the Erlangen lecture): " +
			"every process sends its ID clockwise; a process forwards a larger ID and stops being electable, " +
			"discards a smaller one, and is elected when its own ID comes back; the leader then announces itself " +
			"with ELECTED. Variant participant (as in the Spanish lecture): any subset starts; a non-participant " +
			"replaces a smaller ID with its own, a participant discards it.": "Wahl auf einem unidirektionalen Ring. Variante lcr (LeLann–Chang–Roberts, wie in der Erlanger Vorlesung): " +
			"Jeder Prozess schickt seine ID im Uhrzeigersinn los; ein Prozess leitet eine größere ID weiter und ist danach nicht mehr wählbar, " +
			"verwirft eine kleinere und ist gewählt, wenn seine eigene ID zurückkommt; der Leader verkündet sich dann " +
			"mit ELECTED. Variante participant (wie in der spanischen Vorlesung): Eine beliebige Teilmenge startet; ein Nicht-Teilnehmer " +
			"ersetzt eine kleinere ID durch seine eigene, ein Teilnehmer verwirft sie.",
		"lcr: everyone starts, electable flags. participant: any subset starts, participant flags.": "lcr: alle starten, Flags „wählbar“. participant: eine beliebige Teilmenge startet, Flags „Teilnehmer“.",
		"Variant participant: the positions that start an election (empty: position 0).":            "Variante participant: die Positionen, die eine Wahl starten (leer: Position 0).",
		"variant lcr, IDs decreasing along the ring":                                                "Variante lcr, IDs entlang des Rings absteigend",
		"average":                      "Durchschnitt",
		"variant lcr, random ID order": "Variante lcr, zufällige Reihenfolge der IDs",
		"variant lcr, IDs increasing along the ring": "Variante lcr, IDs entlang des Rings aufsteigend",
		"announcement":    "Bekanntgabe",
		"both variants":   "beide Varianten",
		"lower bound":     "untere Schranke",
		"order of growth": "Größenordnung",
		"messages of any comparison-based ring election": "Nachrichten jeder vergleichsbasierten Wahl im Ring",
		"fewest":                           "mindestens",
		"variant participant, one starter": "Variante participant, ein Initiator",
		"most":                             "höchstens",
		"Worst case: IDs decreasing along the ring":                                    "Schlechtester Fall: IDs entlang des Rings absteigend",
		"Every ID travels until it meets a larger one: n(n+1)/2 ELECTION messages.":    "Jede ID wandert, bis sie auf eine größere trifft: n(n+1)/2 ELECTION-Nachrichten.",
		"Best case: IDs increasing along the ring":                                     "Bester Fall: IDs entlang des Rings aufsteigend",
		"Every ID but the largest is discarded after one hop: 2n−1 ELECTION messages.": "Jede ID außer der größten wird nach einem Schritt verworfen: 2n−1 ELECTION-Nachrichten.",
		"Random IDs": "Zufällige IDs",
		"IDs shuffled by the seed: about n·H_n ELECTION messages on average.":       "IDs vom Seed gemischt: im Mittel etwa n·H_n ELECTION-Nachrichten.",
		"Participant flags, one starter":                                            "Teilnehmer-Flags, ein Initiator",
		"Only position 0 starts: between 2n and 3n−1 messages in total.":            "Nur Position 0 startet: insgesamt zwischen 2n und 3n−1 Nachrichten.",
		"Participant flags, several starters":                                       "Teilnehmer-Flags, mehrere Initiatoren",
		"Positions 0, 3 and 5 start at once; participants discard the smaller IDs.": "Die Positionen 0, 3 und 5 starten gleichzeitig; Teilnehmer verwerfen die kleineren IDs.",

		// The ring with ID lists.
		"Ring with ID lists": "Ring mit ID-Listen",
		"Election on a directed ring as in the Tanenbaum-style lecture. An initiator sends ELECTION with a " +
			"list holding its ID to the next live process; each process adds its ID to the front and passes the " +
			"list on, skipping crashed successors. When the list comes back to a process already in it, that " +
			"process sends COORDINATOR with the full list once round the ring; everyone takes the maximum of the " +
			"list as coordinator.": "Wahl auf einem gerichteten Ring wie in der Vorlesung nach Tanenbaum. Ein Initiator schickt ELECTION mit einer " +
			"Liste, die seine ID enthält, an den nächsten lebenden Prozess; jeder Prozess setzt seine ID vorn in die Liste und gibt sie " +
			"weiter, wobei er ausgefallene Nachfolger überspringt. Kommt die Liste zu einem Prozess zurück, der schon darin steht, " +
			"schickt dieser COORDINATOR mit der vollständigen Liste einmal um den Ring; alle nehmen das Maximum der " +
			"Liste als Koordinator.",
		"The positions that start an election at once (at least one).":                              "Die Positionen, die gleichzeitig eine Wahl starten (mindestens eine).",
		"Positions crashed from the start (for example the old coordinator); the others skip them.": "Von Anfang an ausgefallene Positionen (etwa der alte Koordinator); die anderen überspringen sie.",
		"A process takes as coordinator the maximum of the list it received, and that process is live; " +
			"when nothing is left to happen, every live process knows the highest live ID.": "Ein Prozess nimmt das Maximum der empfangenen Liste als Koordinator, und dieser Prozess lebt; " +
			"wenn nichts mehr geschehen kann, kennen alle lebenden Prozesse die höchste lebende ID.",
		"A process that takes itself as coordinator has the highest ID among the live processes.": "Ein Prozess, der sich selbst als Koordinator nimmt, hat die höchste ID unter den lebenden Prozessen.",
		"one initiator": "ein Initiator",
		"k ≥ 2 live processes, no crash during the run: k ELECTION (the list goes once round) + k COORDINATOR (once round again)": "k ≥ 2 lebende Prozesse, kein Ausfall während des Laufs: k ELECTION (die Liste geht einmal herum) + k COORDINATOR (noch einmal herum)",
		"several initiators": "mehrere Initiatoren",
		"m initiators start at once, k ≥ 2 live processes, no crash during the run: every list and every COORDINATOR goes once round": "m Initiatoren starten gleichzeitig, k ≥ 2 lebende Prozesse, kein Ausfall während des Laufs: jede Liste und jedes COORDINATOR geht einmal herum",
		"Lecture: the coordinator 7 has crashed, 4 starts": "Vorlesung: der Koordinator 7 ist ausgefallen, 4 startet",
		"Processes 0–7 on a ring with IDs 0–7; the old coordinator 7 has crashed and 4 starts the election. " +
			"The list grows round the ring, skipping 7; back at 4, it goes round once more as COORDINATOR; " +
			"everyone takes the maximum, 6.": "Prozesse 0–7 auf einem Ring mit den IDs 0–7; der alte Koordinator 7 ist ausgefallen und 4 startet die Wahl. " +
			"Die Liste wächst auf ihrem Weg um den Ring und überspringt 7; zurück bei 4 geht sie als COORDINATOR noch einmal herum; " +
			"alle nehmen das Maximum, 6.",
		"Two initiators at once": "Zwei Initiatoren gleichzeitig",
		"Positions 1 and 4 start at once, 7 has crashed: two lists go round, each comes back to its own " +
			"initiator, and both announce the same maximum: 2·2k messages.": "Die Positionen 1 und 4 starten gleichzeitig, 7 ist ausgefallen: Zwei Listen gehen herum, jede kommt zu ihrem eigenen " +
			"Initiator zurück, und beide verkünden dasselbe Maximum: 2·2k Nachrichten.",
		"IDs shuffled by the seed, two processes crashed, position 0 starts.": "IDs vom Seed gemischt, zwei Prozesse ausgefallen, Position 0 startet.",

		// Mutual exclusion (mutex.go, mutexcentral.go, ricartagrawala.go).
		"Ricart–Agrawala": "Ricart–Agrawala",
		// Lamport's mutual exclusion (mutexlamport.go) and the token ring (tokenring.go).
		"Lamport's mutual exclusion": "Lamports wechselseitiger Ausschluss",
		"Mutual exclusion with a request queue at every process, ordered by (Lamport time, ID). A process that wants the critical section multicasts REQUEST with its (time, ID) and queues it itself; a receiver queues the request and answers REPLY. A process enters when its own request heads its queue and it has received a later-stamped message from every other process. On exit it removes its request and multicasts RELEASE; the receivers remove it too. Needs FIFO channels. 3(n−1) messages per entry.": "Wechselseitiger Ausschluss mit einer Warteschlange von Anfragen bei jedem Prozess, geordnet nach (Lamport-Zeit, ID). Ein Prozess, der in den kritischen Abschnitt will, schickt REQUEST mit seinem (Zeit, ID) an alle und reiht es selbst ein; ein Empfänger reiht die Anfrage ein und antwortet mit REPLY. Ein Prozess tritt ein, wenn seine eigene Anfrage vorn in seiner Warteschlange steht und er von jedem anderen Prozess eine später gestempelte Nachricht erhalten hat. Beim Verlassen entfernt er seine Anfrage und schickt RELEASE an alle; die Empfänger entfernen sie ebenfalls. Braucht FIFO-Kanäle. 3(n−1) Nachrichten je Eintritt.",
		"Initial Lamport clock by position; empty: all 0. The clock ticks before a REQUEST or RELEASE (LC1) and when a message arrives (LC2).": "Anfängliche Lamport-Uhr nach Position; leer: alle 0. Die Uhr tickt vor einem REQUEST oder RELEASE (LC1) und wenn eine Nachricht ankommt (LC2).",
		"messages per entry (n−1 REQUEST + n−1 REPLY + n−1 RELEASE)":                                                                           "Nachrichten je Eintritt (n−1 REQUEST + n−1 REPLY + n−1 RELEASE)",
		"Three processes; P0 and P1 want the critical section at the same time, P0's REQUEST carries Lamport time 12, P1's 8, and P2 does not request. Every queue orders (8,1) before (12,0): P1 enters first; its RELEASE removes (8,1) everywhere and P0 enters.": "Drei Prozesse; P0 und P1 wollen gleichzeitig in den kritischen Abschnitt, das REQUEST von P0 trägt die Lamport-Zeit 12, das von P1 die 8, und P2 fragt nicht an. Jede Warteschlange ordnet (8,1) vor (12,0): P1 tritt zuerst ein; sein RELEASE entfernt (8,1) überall, und P0 tritt ein.",
		"Four processes request at time 0, all with Lamport time 1: the IDs break the ties, so they enter in the order P0, P1, P2, P3.":                                                                                                                              "Vier Prozesse fragen zur Zeit 0 an, alle mit der Lamport-Zeit 1: Die IDs entscheiden bei Gleichstand, also treten sie in der Reihenfolge P0, P1, P2, P3 ein.",
		"P3 has crashed from the start and never replies: no requester hears from it, nobody enters, and the final check reports a deadlock.":                                                                                                                        "P3 ist von Anfang an ausgefallen und antwortet nie: Kein Anfragender hört von ihm, niemand tritt ein, und die Schlussprüfung meldet eine Verklemmung.",
		"Token ring": "Token-Ring",
		"Mutual exclusion with one TOKEN that circulates in ring order, from each position to the next. Its holder may enter the critical section once per pass if it wants to, keeps the token while inside, and passes it on when it leaves; otherwise it passes it on at once. Between 1 message per entry (everyone wants) and n (only one process wants), and the token uses the network even when nobody wants. A lost token stalls everyone.": "Wechselseitiger Ausschluss mit einem TOKEN, das in Ringreihenfolge von jeder Position zur nächsten kreist. Sein Besitzer darf einmal je Durchlauf in den kritischen Abschnitt, wenn er will, behält das Token, solange er darin ist, und gibt es beim Verlassen weiter; andernfalls gibt er es sofort weiter. Zwischen 1 Nachricht je Eintritt (alle wollen) und n (nur ein Prozess will), und das Token belastet das Netz auch, wenn niemand will. Ein verlorenes Token blockiert alle.",
		"A real ring passes the token forever; here the token stops after this many rounds and its holder keeps it, so that the run ends. 0: enough for the workload, the rounds until its last request is due (a round takes at least n·delay.min) plus one per request of the busiest process plus 2. A request made later waits forever.":                                                                                                         "Ein echter Ring reicht das Token ewig weiter; hier hält das Token nach so vielen Runden an und sein Besitzer behält es, damit der Lauf endet. 0: genug für die Last, die Runden bis zu ihrer letzten Anfrage (eine Runde dauert mindestens n·delay.min) plus eine je Anfrage des geschäftigsten Prozesses plus 2. Eine spätere Anfrage wartet ewig.",
		"TOKEN messages per entry":                    "TOKEN-Nachrichten je Eintritt",
		"every process wants the critical section":    "jeder Prozess will in den kritischen Abschnitt",
		"only one process wants the critical section": "nur ein Prozess will in den kritischen Abschnitt",
		"Everyone wants: entries in ring order":       "Alle wollen: Eintritte in Ringreihenfolge",
		"Five processes request at time 0. P0 holds the token at the start and enters first; the token then passes P1, P2, P3, P4, and each enters in ring order: 1 message per entry while everyone waits.": "Fünf Prozesse fragen zur Zeit 0 an. P0 hat anfangs das Token und tritt zuerst ein; dann kommt das Token bei P1, P2, P3, P4 vorbei, und jeder tritt in Ringreihenfolge ein: 1 Nachricht je Eintritt, solange alle warten.",
		"Only one process wants": "Nur ein Prozess will",
		"Only P3 requests, at times 0, 20 and 40: the token goes round the whole ring between two entries of P3: n messages per entry.": "Nur P3 fragt an, zu den Zeiten 0, 20 und 40: Das Token geht zwischen zwei Eintritten von P3 um den ganzen Ring: n Nachrichten je Eintritt.",
		"The holder crashes: the token is lost": "Der Besitzer fällt aus: das Token ist verloren",
		"Everyone requests at time 0; P2 crashes at time 15, while it holds the token inside the critical section. The token is lost, P3 and P4 wait forever, and the final check reports a deadlock.": "Alle fragen zur Zeit 0 an; P2 fällt zur Zeit 15 aus, während er mit dem Token im kritischen Abschnitt ist. Das Token ist verloren, P3 und P4 warten ewig, und die Schlussprüfung meldet eine Verklemmung.",
		"Central coordinator": "Zentraler Koordinator",
		"Mutual exclusion through one coordinator. A process sends REQUEST to the coordinator and enters when it receives GRANT; on exit it sends RELEASE. The coordinator grants one process at a time and queues the other requests in FIFO order: 3 messages per entry. The coordinator is a single point of failure, and the order of entry need not respect happened-before (ME3).": "Wechselseitiger Ausschluss über einen Koordinator. Ein Prozess schickt REQUEST an den Koordinator und tritt ein, wenn er GRANT erhält; beim Verlassen schickt er RELEASE. Der Koordinator erlaubt jeweils einem Prozess den Eintritt und reiht die übrigen Anfragen in FIFO-Reihenfolge ein: 3 Nachrichten je Eintritt. Der Koordinator ist ein Single Point of Failure, und die Reihenfolge der Eintritte muss happened-before nicht respektieren (ME3).",
		"Number of processes; every process can send to every other.":                                                                           "Anzahl der Prozesse; jeder Prozess kann jedem anderen senden.",
		"Position of the coordinator. When it wants the critical section itself, it queues or grants its own request without messages.":         "Position des Koordinators. Will er selbst in den kritischen Abschnitt, reiht er seine eigene Anfrage ohne Nachrichten ein oder erlaubt sie sich.",
		"Explicit workload: the position that makes each request, paired with requestTimes. Empty: a workload generated from count and spread.": "Explizite Last: die Position, die jede Anfrage stellt, gepaart mit requestTimes. Leer: eine aus count und spread erzeugte Last.",
		"Explicit workload: when each request of requestNodes is made.":                                                                         "Explizite Last: wann jede Anfrage aus requestNodes gestellt wird.",
		"Generated workload (when requestNodes is empty): requests per process.":                                                                "Erzeugte Last (wenn requestNodes leer ist): Anfragen je Prozess.",
		"Generated workload: request times drawn uniformly from [0, spread] by the seeded generator; 0: all at once.":                           "Erzeugte Last: Anfragezeiten, vom Zufallsgenerator mit dem Seed gleichverteilt aus [0, spread] gezogen; 0: alle zugleich.",
		"Time spent inside the critical section: fixed, or drawn uniformly from [min, max].":                                                    "Aufenthaltsdauer im kritischen Abschnitt: fest oder gleichverteilt aus [min, max] gezogen.",
		"Positions that crash at time crashAt.":                                                                                                 "Positionen, die zur Zeit crashAt ausfallen.",
		"When the processes in crashed crash (0: from the start).":                                                                              "Wann die Prozesse in crashed ausfallen (0: von Anfang an).",
		"request the critical section": "kritischen Abschnitt anfordern",
		"The process makes one more request now; it is served after the process's earlier requests.": "Der Prozess stellt jetzt eine weitere Anfrage; sie wird nach seinen früheren Anfragen bedient.",
		"Safety: at most one process is in the critical section.":                                    "Sicherheit: Höchstens ein Prozess ist im kritischen Abschnitt.",
		"When nothing is left to happen, no live process still waits for the critical section.":      "Wenn nichts mehr geschehen kann, wartet kein lebender Prozess mehr auf den kritischen Abschnitt.",
		"Application messages, paired with tellTo: after each request of its workload (or by hand), process tellFrom[i] sends TELL to tellTo[i], which then requests the critical section. TELL is not part of the algorithm; it makes one request happen before another (ME3).": "Anwendungsnachrichten, gepaart mit tellTo: Nach jeder Anfrage seiner Last (oder von Hand) sendet Prozess tellFrom[i] ein TELL an tellTo[i], der daraufhin den kritischen Abschnitt anfordert. TELL gehört nicht zum Algorithmus; es lässt eine Anfrage vor einer anderen geschehen (ME3).",
		"Application messages: the receiver of each TELL of tellFrom.": "Anwendungsnachrichten: der Empfänger jedes TELL von tellFrom.",
		"ME3 broken: a causally later request enters first":            "ME3 gebrochen: eine kausal spätere Anfrage tritt zuerst ein",
		"P1 requests at time 0 and then tells P2 so with an application message (TELL); P2 requests when it hears, so P1's request happened before P2's. P2's REQUEST reaches the coordinator first, over a faster link, and P2 enters first: the order of entry does not respect happened-before, which the narration and the outcome report.": "P1 fragt zur Zeit 0 an und sagt es P2 mit einer Anwendungsnachricht (TELL); P2 fragt an, sobald er davon hört, also geschah die Anfrage von P1 vor der von P2. Das REQUEST von P2 erreicht den Koordinator über eine schnellere Verbindung zuerst, und P2 tritt zuerst ein: Die Reihenfolge der Eintritte respektiert happened-before nicht, was Erzählung und Ergebnis melden.",
		"Order: entries follow the happened-before order of the requests. Reported as a note where an entry breaks it, and listed in the outcome; not a violation, for not every algorithm promises it.":                                                                                                                                        "Reihenfolge: Die Eintritte folgen der Happened-before-Ordnung der Anfragen. Wo ein Eintritt sie bricht, wird das als Hinweis erzählt und im Ergebnis aufgeführt; keine Verletzung, denn nicht jeder Algorithmus verspricht es.",
		"Liveness: requests are served in (Lamport time, ID) order: no process enters while a request with a smaller (time, ID) waits, so every request is served in the end.":                                                                                                                                                                  "Lebendigkeit: Anfragen werden in der Ordnung (Lamport-Zeit, ID) bedient: Kein Prozess tritt ein, während eine Anfrage mit kleinerem (Zeit, ID) wartet, also wird jede Anfrage schließlich bedient.",
		"Liveness: while a request waits, the token visits every other process at most once, so no request is overtaken more than n−1 times (checked when the run ends).":                                                                                                                                                                       "Lebendigkeit: Während eine Anfrage wartet, besucht das Token jeden anderen Prozess höchstens einmal, also wird keine Anfrage öfter als n−1-mal überholt (geprüft, wenn der Lauf endet).",
		"per entry": "je Eintritt",
		"the requester is not the coordinator; the coordinator's own entries need none": "der Anfragende ist nicht der Koordinator; die eigenen Eintritte des Koordinators brauchen keine",
		"messages per entry (REQUEST + GRANT + RELEASE)":                                "Nachrichten je Eintritt (REQUEST + GRANT + RELEASE)",
		"Everyone at once": "Alle zugleich",
		"Four processes request at time 0. The coordinator P0 grants itself first without messages and queues the others in the order their REQUESTs arrive: 3 messages for each of the other entries.": "Vier Prozesse fragen zur Zeit 0 an. Der Koordinator P0 erlaubt sich selbst zuerst den Eintritt, ohne Nachrichten, und reiht die anderen in der Reihenfolge ein, in der ihre REQUESTs ankommen: 3 Nachrichten für jeden der anderen Eintritte.",
		"Several requests at random times": "Mehrere Anfragen zu zufälligen Zeiten",
		"Five processes make three requests each at times drawn from [0, 60], with delays from 1 to 5.": "Fünf Prozesse stellen je drei Anfragen zu Zeiten aus [0, 60], mit Verzögerungen von 1 bis 5.",
		"The coordinator crashes": "Der Koordinator fällt aus",
		"P1, P2 and P3 request at time 0; the coordinator P0 crashes at time 3, while P1 is inside. P1's RELEASE is lost, P2 and P3 wait forever, and the final check reports a deadlock.":                                                                                                                                                                                                                       "P1, P2 und P3 fragen zur Zeit 0 an; der Koordinator P0 fällt zur Zeit 3 aus, während P1 im kritischen Abschnitt ist. Das RELEASE von P1 geht verloren, P2 und P3 warten für immer, und die Schlussprüfung meldet eine Verklemmung (Deadlock).",
		"Mutual exclusion without a coordinator. A process that wants the critical section multicasts REQUEST with its (Lamport time, ID) and enters after n−1 REPLYs. A receiver defers its reply if it is HELD, or WANTED with a smaller (time, ID) of its own; otherwise it replies at once. On exit it replies to every deferred request. Equal Lamport times are ordered by ID. 2(n−1) messages per entry.": "Wechselseitiger Ausschluss ohne Koordinator. Ein Prozess, der in den kritischen Abschnitt will, schickt REQUEST mit seinem (Lamport-Zeit, ID) an alle und tritt nach n−1 REPLYs ein. Ein Empfänger stellt seine Antwort zurück, wenn er HELD ist oder WANTED mit einem eigenen kleineren (Zeit, ID); sonst antwortet er sofort. Beim Verlassen antwortet er auf jede zurückgestellte Anfrage. Gleiche Lamport-Zeiten werden nach ID geordnet. 2(n−1) Nachrichten je Eintritt.",
		"Initial Lamport clock by position; empty: all 0. The clock ticks before a request (LC1) and when a message arrives (LC2).":                                                                                                                                                                                                                                                                              "Anfängliche Lamport-Uhr nach Position; leer: alle 0. Die Uhr tickt vor einer Anfrage (LC1) und bei Ankunft einer Nachricht (LC2).",
		"messages per entry (n−1 REQUEST + n−1 REPLY)":      "Nachrichten je Eintritt (n−1 REQUEST + n−1 REPLY)",
		"Lecture: P0 requests with time 12, P1 with time 8": "Vorlesung: P0 fragt mit Zeit 12 an, P1 mit Zeit 8",
		"Three processes; P0 and P1 want the critical section at the same time, P0's REQUEST carries Lamport time 12, P1's 8, and P2 does not request. P0 replies to P1 at once, P1 defers its reply to P0: P1 enters first, P0 after P1 leaves and replies.": "Drei Prozesse; P0 und P1 wollen gleichzeitig in den kritischen Abschnitt, das REQUEST von P0 trägt die Lamport-Zeit 12, das von P1 die 8, und P2 fragt nicht an. P0 antwortet P1 sofort, P1 stellt seine Antwort an P0 zurück: P1 tritt zuerst ein, P0 erst, nachdem P1 den Abschnitt verlassen und geantwortet hat.",
		"Equal Lamport times": "Gleiche Lamport-Zeiten",
		"Five processes request at time 0, all with Lamport time 1: the IDs break the ties, so they enter in the order P0, P1, P2, P3, P4.": "Fünf Prozesse fragen zur Zeit 0 an, alle mit Lamport-Zeit 1: die IDs entscheiden, also treten sie in der Reihenfolge P0, P1, P2, P3, P4 ein.",
		"A process crashes": "Ein Prozess fällt aus",
		"P3 has crashed from the start and never replies: every requester waits for its REPLY forever, and the final check reports a deadlock. Every process is a point of failure.": "P3 ist von Anfang an ausgefallen und antwortet nie: jeder Anfragende wartet für immer auf sein REPLY, und die Schlussprüfung meldet eine Verklemmung (Deadlock). Jeder Prozess ist eine Fehlerquelle.",

		// Maekawa (maekawa.go).
		"Maekawa's algorithm": "Maekawa-Algorithmus",
		"When nothing is left to happen, no live process still waits for the critical section. If some do, the check names a cycle of waits (each process waits for a node locked for the next) and, under the lecture's rules, the request that was never told that it had failed.":                                                                                                                                                                                                                                                                                              "Wenn nichts mehr geschehen kann, wartet kein lebender Prozess mehr auf den kritischen Abschnitt. Warten doch welche, nennt die Prüfung einen Kreis des Wartens (jeder Prozess wartet auf einen Knoten, der für den nächsten gesperrt ist) und, nach den Regeln der Vorlesung, die Anfrage, der nie gemeldet wurde, dass sie gescheitert war.",
		"Mutual exclusion with quorums: every process has a quorum, and every two quorums intersect. A requester sends REQUEST with its timestamp (sequence number, ID) to its quorum and enters when every member has LOCKED for it; a member locks for one request at a time. A younger request is told FAILED; an older one makes the member INQUIRE whether the locked process will give the lock back, which it does with RELINQUISH once it knows it failed. On exit, RELEASE frees the locks. 3(|S|−1) to 5(|S|−1) messages per entry with quorums of size |S|, about √n.": "Wechselseitiger Ausschluss mit Quoren: Jeder Prozess hat ein Quorum, und je zwei Quoren schneiden sich. Ein Anfragender schickt REQUEST mit seinem Zeitstempel (Folgenummer, ID) an sein Quorum und tritt ein, wenn jedes Mitglied für ihn LOCKED gemeldet hat; ein Mitglied sperrt für jeweils eine Anfrage. Einer jüngeren Anfrage wird FAILED gemeldet; eine ältere lässt das Mitglied mit INQUIRE fragen, ob der gesperrte Prozess die Sperre zurückgibt, was er mit RELINQUISH tut, sobald er weiß, dass er gescheitert ist. Beim Verlassen gibt RELEASE die Sperren frei. 3(|S|−1) bis 5(|S|−1) Nachrichten je Eintritt bei Quoren der Größe |S|, etwa √n.",
		"Number of processes, numbered P1..Pn as in the lecture.": "Anzahl der Prozesse, nummeriert P1..Pn wie in der Vorlesung.",
		"How the quorums are built: the projective plane (n = 7, 13, 21, 31, 57, 73 or 91; for 13 the lecture's table), row and column of a ⌈√n⌉-wide grid, ⌊n/2⌋+1 consecutive positions (a majority), or quorumList.": "Wie die Quoren gebildet werden: die projektive Ebene (n = 7, 13, 21, 31, 57, 73 oder 91; für 13 die Tabelle der Vorlesung), Zeile und Spalte eines ⌈√n⌉ breiten Gitters, ⌊n/2⌋+1 aufeinanderfolgende Positionen (eine Mehrheit) oder quorumList.",
		"Explicit quorums (quorums = explicit): one list of positions per process, every two of them intersecting.":                                                                                                     "Explizite Quoren (quorums = explicit): eine Liste von Positionen je Prozess, je zwei davon schneiden sich.",
		"Take locks back with INQUIRE and RELINQUISH; off, an older request just waits, and the algorithm can deadlock.":                                                                                                "Sperren mit INQUIRE und RELINQUISH zurückholen; ausgeschaltet wartet eine ältere Anfrage einfach, und der Algorithmus kann sich verklemmen.",
		"corrected: a waiting request that stops being the oldest at a node is sent FAILED (once); lecture: the rules exactly as written, which can deadlock.":                                                          "corrected: eine wartende Anfrage, die an einem Knoten nicht mehr die älteste ist, bekommt (einmal) FAILED; lecture: die Regeln genau wie geschrieben, die sich verklemmen können.",
		"uncontended": "ohne Konkurrenz",
		"no other request competes and the requester is in its own quorum":                 "keine andere Anfrage konkurriert, und der Anfragende ist in seinem eigenen Quorum",
		"messages per entry (REQUEST, LOCKED, RELEASE to and from the rest of the quorum)": "Nachrichten je Eintritt (REQUEST, LOCKED, RELEASE an und vom Rest des Quorums)",
		"favourable conflict": "günstiger Konflikt",
		"requests compete, but a younger one is only told FAILED and waits": "Anfragen konkurrieren, aber einer jüngeren wird nur FAILED gemeldet, und sie wartet",
		"messages per entry": "Nachrichten je Eintritt",
		"locks are taken back with INQUIRE and RELINQUISH (the lecture's count; one entry asked to give locks back several times can cost more)": "Sperren werden mit INQUIRE und RELINQUISH zurückgeholt (die Zählung der Vorlesung; ein Eintritt, der mehrmals Sperren zurückgeben muss, kann mehr kosten)",
		"Lecture: 13-node plane, one uncontended request": "Vorlesung: Ebene mit 13 Knoten, eine Anfrage ohne Konkurrenz",
		"The lecture's projective plane of 13 nodes, quorums of 4. P1 requests with (1,1): REQUEST to P2, P3, P4 and its own lock locally; each locks for it, P1 enters and RELEASEs: 3(|S|−1) = 9 messages.": "Die projektive Ebene der Vorlesung mit 13 Knoten, Quoren zu 4. P1 fragt mit (1,1) an: REQUEST an P2, P3, P4 und die eigene Sperre lokal; jeder sperrt für ihn, P1 tritt ein und schickt RELEASE: 3(|S|−1) = 9 Nachrichten.",
		"Concurrent requests that need INQUIRE and RELINQUISH": "Nebenläufige Anfragen, die INQUIRE und RELINQUISH brauchen",
		"P3 and P9 request at time 0, P2 at time 1. P3 locks itself first, so P9 fails at P3. P9 holds P11 when the older (1,2) of P2 arrives there: P11 sends INQUIRE to P9, which has failed and gives the lock back with RELINQUISH; P11 locks for P2. P2 also INQUIREs P3 through P8, but P3 is already inside.": "P3 und P9 fragen zur Zeit 0 an, P2 zur Zeit 1. P3 sperrt zuerst für sich selbst, also scheitert P9 bei P3. P9 hält P11, als dort die ältere (1,2) von P2 ankommt: P11 schickt INQUIRE an P9, der gescheitert ist und die Sperre mit RELINQUISH zurückgibt; P11 sperrt für P2. P2 lässt über P8 auch P3 mit INQUIRE fragen, aber P3 ist schon im kritischen Abschnitt.",
		"Without INQUIRE: deadlock": "Ohne INQUIRE: Verklemmung",
		"Everyone requests once at a time drawn from [0, 30], delays 1 to 10, inquire = false: nobody is asked to give a lock back. Two processes get in; then P2, P8 and P9 each wait for a lock the next one holds, and the final check reports the cycle of waits.": "Jeder fragt einmal zu einer aus [0, 30] gezogenen Zeit an, Verzögerungen 1 bis 10, inquire = false: niemand wird gebeten, eine Sperre zurückzugeben. Zwei Prozesse kommen hinein; dann wartet jeder von P2, P8 und P9 auf eine Sperre, die der nächste hält, und die Schlussprüfung meldet den Kreis des Wartens.",
		"variant=lecture: all 13 request at once": "variant=lecture: alle 13 fragen gleichzeitig an",
		"The rules exactly as the lecture writes them, all 13 requesting at once with delays 1 to 10. The request (1,4) of P4 reaches P6 as the oldest, so P6 sends INQUIRE rather than FAILED; the older (1,3) then takes P6's lock, and P4 never learns that it failed there: it keeps its locks at P4 and P11 and leaves their INQUIREs unanswered. The final check finds the cycle of waits and explains it.": "Die Regeln genau so, wie die Vorlesung sie schreibt, alle 13 fragen gleichzeitig an, Verzögerungen 1 bis 10. Die Anfrage (1,4) von P4 erreicht P6 als die älteste, also schickt P6 INQUIRE statt FAILED; dann bekommt die ältere (1,3) die Sperre von P6, und P4 erfährt nie, dass er dort gescheitert ist: er behält seine Sperren bei P4 und P11 und lässt deren INQUIREs unbeantwortet. Die Schlussprüfung findet den Kreis des Wartens und erklärt ihn.",
		"The same run with the corrected rules": "Derselbe Lauf mit den korrigierten Regeln",
		"As before, but with the correction: a waiting request that stops being the oldest at a node is told FAILED there. Every request is served.": "Wie zuvor, aber mit der Korrektur: einer wartenden Anfrage, die an einem Knoten nicht mehr die älteste ist, wird dort FAILED gemeldet. Jede Anfrage wird bedient.",
		"3×3 grid, everyone twice": "3×3-Gitter, jeder zweimal",
		"Nine processes in a 3×3 grid; a quorum is a row and a column, 5 nodes. Each requests twice at times drawn from [0, 40], with delays from 1 to 5.": "Neun Prozesse in einem 3×3-Gitter; ein Quorum ist eine Zeile und eine Spalte, 5 Knoten. Jeder fragt zweimal zu aus [0, 40] gezogenen Zeiten an, mit Verzögerungen von 1 bis 5.",
		"Majorities of 5": "Mehrheiten von 5",
		"Five processes, each quorum 3 consecutive processes: a majority, so any two intersect. Everyone requests at once, with delays from 1 to 4.": "Fünf Prozesse, jedes Quorum 3 aufeinanderfolgende Prozesse: eine Mehrheit, also schneiden sich je zwei. Alle fragen gleichzeitig an, mit Verzögerungen von 1 bis 4.",
		// Trees (tree.go).
		"The tree as position pairs [a, b], one per cable: connected, without cycles, at most ports cables per device. A device's ports are numbered in the order its cables appear here. Empty: a random tree drawn from the seed.": "Der Baum als Positionspaare [a, b], eines je Kabel: zusammenhängend, ohne Kreise, höchstens ports Kabel je Gerät. Die Ports eines Geräts sind in der Reihenfolge nummeriert, in der seine Kabel hier stehen. Leer: ein zufälliger Baum aus dem Seed.",
		"a random tree drawn from the seed, at most ports cables per device":              "ein zufälliger Baum aus dem Seed, höchstens ports Kabel je Gerät",
		"How many cables a device can take (the standard recommends 3 ports per device).": "Wie viele Kabel ein Gerät aufnehmen kann (der Standard empfiehlt 3 Ports je Gerät).",

		// FireWire.
		"FireWire tree identify (IEEE 1394)": "FireWire Tree Identify (IEEE 1394)",
		"After a bus reset the devices of a FireWire bus elect a root (the bus master), knowing only their own cables. " +
			"A leaf sends BE_MY_PARENT to its neighbour; a device with k cables that has BE_MY_PARENT on k−1 of them confirms them " +
			"with YOU_ARE_MY_CHILD and sends BE_MY_PARENT over the last one; a device that has BE_MY_PARENT on all k without having " +
			"sent one becomes root. When two BE_MY_PARENT cross on one cable (root contention), both flip a coin, wait a short or " +
			"long time and try again. Plugging a device in or out resets its bus; unplugging an inner device splits the bus, and each part elects " +
			"its own root. Time is in nanoseconds.": "Nach einem Bus-Reset wählen die Geräte eines FireWire-Busses eine Wurzel (den Bus-Master) und kennen dabei nur ihre eigenen Kabel. " +
			"Ein Blatt sendet BE_MY_PARENT an seinen Nachbarn; ein Gerät mit k Kabeln, das auf k−1 davon BE_MY_PARENT hat, bestätigt sie " +
			"mit YOU_ARE_MY_CHILD und sendet BE_MY_PARENT über das letzte; ein Gerät, das auf allen k BE_MY_PARENT hat, ohne selbst eines " +
			"gesendet zu haben, wird Wurzel. Kreuzen sich zwei BE_MY_PARENT auf einem Kabel (Root Contention), werfen beide eine Münze, warten kurz oder " +
			"lang und versuchen es erneut. Ein- oder Ausstecken eines Geräts setzt seinen Bus zurück; das Ausstecken eines inneren Geräts teilt den Bus, " +
			"und jeder Teil wählt seine eigene Wurzel. Die Zeit ist in Nanosekunden.",
		"Number of devices plugged in at the start.":                                                                                                       "Anzahl der zu Beginn angesteckten Geräte.",
		"Free device slots: devices that start unplugged and can be plugged in during the run.":                                                            "Freie Geräteplätze: Geräte, die zu Beginn nicht angesteckt sind und während des Laufs angesteckt werden können.",
		"How long a signal takes along a cable, in ns.":                                                                                                    "Wie lange ein Signal über ein Kabel braucht, in ns.",
		"The short wait after root contention, in ns: drawn uniformly in [min, max].":                                                                      "Die kurze Wartezeit nach einer Root Contention, in ns: gleichverteilt aus [min, max] gezogen.",
		"The long wait after root contention, in ns: drawn uniformly in [min, max].":                                                                       "Die lange Wartezeit nach einer Root Contention, in ns: gleichverteilt aus [min, max] gezogen.",
		"How root contention is resolved: random (each contender flips a fair coin for the fast or slow wait) or id (the larger ID becomes root at once).": "Wie eine Root Contention aufgelöst wird: random (jeder Beteiligte wirft eine faire Münze für die kurze oder lange Wartezeit) oder id (die größere ID wird sofort Wurzel).",
		"At most one device of each bus is root (unplugging an inner device splits the bus into separate buses).":                                          "Höchstens ein Gerät jedes Busses ist Wurzel (das Ausstecken eines inneren Geräts teilt den Bus in getrennte Busse).",
		"A device's parent is a device it has a cable to.":                                                                                                 "Der Elternknoten eines Geräts ist ein Gerät, mit dem es ein Kabel verbindet.",
		"When nothing is left to happen, on each bus the parent links form a tree rooted at its one root, along the cables.":                               "Wenn nichts mehr geschehen kann, bilden auf jedem Bus die Elternverweise entlang der Kabel einen Baum mit dessen einer Wurzel.",
		"Reported, not enforced: when a root contention round ends, a note explains it from both coins and waits " +
			"(a device cannot know the other's): the round resolves exactly when the waits end more than the wire delay apart.": "Berichtet, nicht erzwungen: Wenn eine Runde der Root Contention endet, erklärt eine Notiz sie aus beiden Münzen und Wartezeiten " +
			"(ein Gerät kann die des anderen nicht kennen): Die Runde löst sich genau dann, wenn die Wartezeiten mehr als die Kabelverzögerung auseinander enden.",
		"no root contention":         "keine Root Contention",
		"expected contention rounds": "erwartete Contention-Runden",
		"contention rounds":          "Contention-Runden",
		"two devices with coin flips, wire delay between twice the width of a window and the gap between the windows less twice that width": "zwei Geräte mit Münzwurf, Kabelverzögerung zwischen der doppelten Breite eines Fensters und dem Abstand der Fenster abzüglich dieser doppelten Breite",
		"Two devices, one cable: root contention": "Zwei Geräte, ein Kabel: Root Contention",
		"Both devices are leaves and send BE_MY_PARENT at once; the messages cross, both flip coins and wait until one becomes root.": "Beide Geräte sind Blätter und senden sofort BE_MY_PARENT; die Nachrichten kreuzen sich, beide werfen Münzen und warten, bis eines Wurzel wird.",
		"A larger bus with 3-port devices": "Ein größerer Bus mit Geräten mit 3 Ports",
		"Eight devices with up to three cables each: the leaves ask first, the inner devices confirm and pass the question on.": "Acht Geräte mit bis zu drei Kabeln: Die Blätter fragen zuerst, die inneren Geräte bestätigen und geben die Frage weiter.",
		"Root contention resolved by ID":                                                "Root Contention per ID aufgelöst",
		"Two devices in contention: the larger ID becomes root at once, without coins.": "Zwei Geräte in Contention: Die größere ID wird sofort Wurzel, ohne Münzen.",
		"A short cable: equal coins can resolve too":                                    "Ein kurzes Kabel: Auch gleiche Münzen können auflösen",
		"With a 10 ns wire delay, below the width of a window, two equal coins can still resolve the contention: about 1.47 rounds on average.": "Mit 10 ns Kabelverzögerung, unter der Breite eines Fensters, können auch zwei gleiche Münzen die Contention auflösen: im Mittel etwa 1.47 Runden.",
		"The IEEE 1394a timing": "Die Zeiten von IEEE 1394a",
		"Fast 760–850 ns, slow 1590–1670 ns, wire delay 360 ns, as in the probabilistic model-checking case study: a root within 8000 ns in about 96% of runs.": "Kurz 760–850 ns, lang 1590–1670 ns, Kabelverzögerung 360 ns wie in der Fallstudie zum probabilistischen Model Checking: eine Wurzel innerhalb von 8000 ns in etwa 96% der Läufe.",
		"A random bus of 12 devices": "Ein zufälliger Bus aus 12 Geräten",
		"A random tree drawn from the seed; plug devices in or unplug any device to see the bus reset (unplugging an inner one splits the bus, and each part elects its own root).": "Ein zufälliger Baum aus dem Seed; stecken Sie Geräte an oder ziehen Sie irgendein Gerät ab, um den Bus-Reset zu sehen (ein inneres Gerät abzuziehen teilt den Bus, und jeder Teil wählt seine eigene Wurzel).",

		// Election on a tree.
		"Election on a tree (echo)": "Wahl auf einem Baum (Echo)",
		"Election on a tree by waves. The starters send EXPLOSION to their neighbours, and every process reached passes it " +
			"on to the leaves. A leaf answers with ECHO and its ID; a process with ECHOes from all neighbours but one sends ECHO with " +
			"the largest ID it knows over the remaining edge. A process that receives an ECHO after sending its own knows the maximum: " +
			"this happens at exactly two neighbours. They tell everyone else with INFO.": "Wahl auf einem Baum durch Wellen. Die Starter senden EXPLOSION an ihre Nachbarn, und jeder erreichte Prozess gibt sie " +
			"bis zu den Blättern weiter. Ein Blatt antwortet mit ECHO und seiner ID; ein Prozess mit ECHOs von allen Nachbarn bis auf einen sendet ECHO mit " +
			"der größten ihm bekannten ID über die verbleibende Kante. Ein Prozess, der ein ECHO erhält, nachdem er sein eigenes gesendet hat, kennt das Maximum: " +
			"Das geschieht bei genau zwei Nachbarn. Sie teilen es allen anderen mit INFO mit.",
		"Number of processes in the tree.":                                                                      "Anzahl der Prozesse im Baum.",
		"The positions that start the explosion (empty: position 0).":                                           "Die Positionen, die die Explosion starten (leer: Position 0).",
		"At most two processes learn the maximum first, from an ECHO after their own, and they are neighbours.": "Höchstens zwei Prozesse erfahren das Maximum zuerst, durch ein ECHO nach ihrem eigenen, und sie sind Nachbarn.",
		"explosion":                 "Explosion",
		"echo":                      "Echo",
		"information":               "Information",
		"total":                     "insgesamt",
		"one starter":               "ein Starter",
		"every process echoes once": "jeder Prozess sendet ein Echo",
		"every edge but the one that echoed both ways": "jede Kante bis auf die, über die Echos in beide Richtungen liefen",
		"One starter":      "Ein Starter",
		"Several starters": "Mehrere Starter",
		"Position 0 starts the explosion on a tree of 8 processes; the echoes carry the maximum back, and two neighbours learn it first.": "Position 0 startet die Explosion auf einem Baum aus 8 Prozessen; die Echos tragen das Maximum zurück, und zwei Nachbarn erfahren es zuerst.",
		"Positions 3 and 6 start at once; the explosions meet, and the echoes still single out two neighbours.":                           "Die Positionen 3 und 6 starten zugleich; die Explosionen treffen sich, und die Echos zeichnen dennoch zwei Nachbarn aus.",
		"A random tree": "Ein zufälliger Baum",
		"A random tree of 15 processes drawn from the seed, with random delays.": "Ein zufälliger Baum aus 15 Prozessen aus dem Seed, mit zufälligen Verzögerungen.",
	},
	"es": {
		// Experiment presets (experiments.go).
		"Worst, best and average case against n": "Peor, mejor y caso medio frente a n",
		"ELECTION messages for IDs decreasing, increasing and shuffled along the ring, n from 4 to 128, 20 seeds each: " +
			"the worst case follows n(n+1)/2, the best case 2n−1 and the average n·H_n.": "Mensajes ELECTION para IDs decrecientes, crecientes y barajados a lo largo del anillo, n de 4 a 128, 20 semillas cada uno: " +
			"el peor caso sigue n(n+1)/2, el mejor 2n−1 y la media n·H_n.",
		"Average case: random IDs against n": "Caso medio: IDs aleatorios frente a n",
		"ELECTION messages for IDs shuffled by the seed, n from 4 to 128, 200 seeds each: the mean follows n·H_n, " +
			"which grows like n·ln n, far below the worst case.": "Mensajes ELECTION para IDs barajados por la semilla, n de 4 a 128, 200 semillas cada uno: la media sigue n·H_n, " +
			"que crece como n·ln n, muy por debajo del peor caso.",
		"Spread of the average case, n = 16": "Dispersión del caso medio, n = 16",
		"ELECTION messages of 1000 random ID orders on a ring of 16: they scatter around the mean 16·H_16 ≈ 54 " +
			"between the best case 31 and the worst case 136.": "Mensajes ELECTION de 1000 órdenes aleatorios de IDs en un anillo de 16: se dispersan en torno a la media 16·H_16 ≈ 54 " +
			"entre el mejor caso 31 y el peor caso 136.",
		"Worst case: the lowest notices, against n": "Peor caso: lo nota el más bajo, frente a n",
		"The highest process has crashed and process 0 notices: every process answers every lower one and holds " +
			"its own election, n²−n−1 messages.": "El proceso más alto ha caído y el proceso 0 lo nota: cada proceso responde a cada uno más bajo y celebra " +
			"su propia elección, n²−n−1 mensajes.",
		"Best case: the second-highest notices, against n": "Mejor caso: lo nota el segundo más alto, frente a n",
		"The highest process has crashed and the second-highest notices: it knows every higher process is dead " +
			"and announces itself with n−2 COORDINATOR messages.": "El proceso más alto ha caído y lo nota el segundo más alto: sabe que todo proceso más alto está muerto " +
			"y se anuncia con n−2 mensajes COORDINATOR.",
		"Messages per entry against n":                   "Mensajes por entrada frente a n",
		"Ring with participants: one starter, against n": "Anillo con participantes: un iniciador, frente a n",
		"Variant participant, one starter at position 0, IDs shuffled by the seed, n from 4 to 128, 50 seeds each: all messages lie between 2n (the starter holds the maximum) and 3n−1 (the maximum sits just behind the starter).": "Variante participant, un iniciador en la posición 0, ID barajados por la semilla, n de 4 a 128, 50 semillas cada uno: todos los mensajes quedan entre 2n (el iniciador tiene el máximo) y 3n−1 (el máximo está justo detrás del iniciador).",
		"Messages against n, one initiator": "Mensajes frente a n, un iniciador",
		"One initiator, no crash, n from 4 to 128: the list goes round once and the COORDINATOR message once more, 2k messages for k live processes, whatever the IDs.": "Un iniciador, sin caídas, n de 4 a 128: la lista da una vuelta y el mensaje COORDINATOR otra más, 2k mensajes para k procesos vivos, sean cuales sean los ID.",
		"independent model": "modelo independiente",
		"two devices with coin flips and the lecture's windows, wire delay 10, 30 or 50 ns (ALGORITHMS.md 1.7, 200,000 runs each)":                                                                                                    "dos dispositivos con lanzamiento de moneda y las ventanas de la clase, retardo del cable de 10, 30 o 50 ns (ALGORITHMS.md 1.7, 200.000 ejecuciones cada uno)",
		"Explicit workload, one {\"node\": position, \"at\": time} per request (or [position, time]), e.g. [{\"node\": 0, \"at\": 12}, {\"node\": 1, \"at\": 8}]; the same as requestNodes and requestTimes (give one or the other).": "Carga explícita, un {\"node\": posición, \"at\": instante} por solicitud (o [posición, instante]), p. ej. [{\"node\": 0, \"at\": 12}, {\"node\": 1, \"at\": 8}]; lo mismo que requestNodes y requestTimes (dé una u otra forma).",
		"Generated workload: when above 0, each process's count requests arrive as a Poisson process of this rate (requests per time unit, exponential gaps drawn by the seeded generator) instead of within spread.":                 "Carga generada: por encima de 0, las count solicitudes de cada proceso llegan como un proceso de Poisson de esta tasa (solicitudes por unidad de tiempo, intervalos exponenciales del generador con semilla) en lugar de dentro de spread.",
		"Uncontended against everybody at once, projective planes": "Sin competencia frente a todos a la vez, planos proyectivos",
		"Every process of a projective plane (n = 7 to 91, |S| = 3 to 10) requests once, all at time 0 or spread over a million time units so that requests practically never meet, delays from 1 to 10, 10 seeds each: spread requests cost 3(|S|−1) messages per entry; at once, INQUIRE, RELINQUISH and FAILED push the cost towards 4(|S|−1) and 5(|S|−1).": "Cada proceso de un plano proyectivo (n = 7 a 91, |S| = 3 a 10) solicita una vez, todos en el instante 0 o repartidos en un millón de unidades de tiempo para que las solicitudes prácticamente nunca coincidan, retardos de 1 a 10, 10 semillas cada uno: las solicitudes repartidas cuestan 3(|S|−1) mensajes por entrada; a la vez, INQUIRE, RELINQUISH y FAILED llevan el coste hacia 4(|S|−1) y 5(|S|−1).",
		"Grid quorums against n, everybody at once": "Quórums de rejilla frente a n, todos a la vez",
		"Row-and-column quorums of a √n×√n grid (|S| = 2√n−1), every process requests at time 0, delays from 1 to 10, 10 seeds each: the messages per entry grow like √n, not like n as in Ricart–Agrawala.": "Quórums de fila y columna de una rejilla √n×√n (|S| = 2√n−1), cada proceso solicita en el instante 0, retardos de 1 a 10, 10 semillas cada uno: los mensajes por entrada crecen como √n, no como n en Ricart–Agrawala.",
		"Contention rounds of two devices, 100 ns wire delay": "Rondas de contienda de dos dispositivos, 100 ns de retardo del cable",
		"Two devices on one cable, 2000 bus resets: the first round resolves exactly when the coins differ (probability ½), so the rounds follow a geometric distribution with mean 2.": "Dos dispositivos en un cable, 2000 reinicios del bus: la primera ronda se resuelve exactamente cuando las monedas difieren (probabilidad ½), así que las rondas siguen una distribución geométrica de media 2.",
		"Contention rounds against the wire delay": "Rondas de contienda frente al retardo del cable",
		"Two devices on one cable, 300 bus resets for each wire delay from 10 to 200 ns: on a short wire a later round can resolve with equal coins (mean about 1.47 at 10 ns, 1.95 at 30 ns); from 50 ns on the mean is 2.": "Dos dispositivos en un cable, 300 reinicios del bus por cada retardo de 10 a 200 ns: en un cable corto una ronda posterior puede resolverse con monedas iguales (media de unos 1,47 a 10 ns, 1,95 a 30 ns); desde 50 ns la media es 2.",
		"Messages against n on random trees": "Mensajes frente a n en árboles aleatorios",
		"Random trees of 3-port devices, n from 2 to 63, 50 seeds each: 2(n−1) messages plus two for every contention round (one BE_MY_PARENT from each side).": "Árboles aleatorios de dispositivos de 3 puertos, n de 2 a 63, 50 semillas cada uno: 2(n−1) mensajes más dos por cada ronda de contienda (un BE_MY_PARENT de cada lado).",
		"Messages against n, one starter": "Mensajes frente a n, un iniciador",
		"Random trees, one starter, n from 2 to 256, 20 seeds each: n−1 EXPLOSION, n ECHO and n−2 INFO messages, 3n−3 in all, whatever the tree's shape.":                  "Árboles aleatorios, un iniciador, n de 2 a 256, 20 semillas cada uno: n−1 mensajes EXPLOSION, n ECHO y n−2 INFO, 3n−3 en total, sea cual sea la forma del árbol.",
		"Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: the messages per entry against the theory's 2(n−1).": "Cada proceso pide una vez en un instante elegido en [0, 20], retardos de 1 a 5, n de 2 a 64, 10 semillas cada uno: los mensajes por entrada frente a los 2(n−1) de la teoría.",
		"Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: the messages per entry against the theory's 3(n−1).": "Cada proceso pide una vez en un instante elegido en [0, 20], retardos de 1 a 5, n de 2 a 64, 10 semillas cada uno: los mensajes por entrada frente a los 3(n−1) de la teoría.",
		"Every process requests once at a time drawn from [0, 20], delays from 1 to 5, n from 2 to 64, 10 seeds each: the messages per entry against the theory's 3.":      "Cada proceso pide una vez en un instante elegido en [0, 20], retardos de 1 a 5, n de 2 a 64, 10 semillas cada uno: los mensajes por entrada frente a los 3 de la teoría.",
		"Messages per entry against n, everyone wants": "Mensajes por entrada frente a n, todos quieren",
		"Every process requests 10 times at time 0, n from 2 to 64: one TOKEN message per entry, plus the rounds " +
			"the token keeps going after the last request.": "Cada proceso pide 10 veces en el instante 0, n de 2 a 64: un mensaje TOKEN por entrada, más las vueltas " +
			"que el testigo sigue dando tras la última petición.",
		"Messages per entry against the load, n = 8": "Mensajes por entrada frente a la carga, n = 8",
		"Every process requests 1 to 32 times at random times: the more requests, the fewer of the token's " +
			"passes are wasted on processes that do not want it.": "Cada proceso pide de 1 a 32 veces en instantes aleatorios: cuantas más peticiones, menos pasadas del testigo " +
			"se desperdician en procesos que no lo quieren.",

		// Shared parameters (common.go).
		"Number of processes on the ring.":                                           "Número de procesos del anillo.",
		"Election IDs by position (the values compared), distinct, one per process.": "IDs de elección por posición (los valores que se comparan), distintos, uno por proceso.",
		"distinct, laid out by idOrder":                                              "distintos, dispuestos según idOrder",
		"How default IDs are laid out along the direction of travel: shuffled by the seed, increasing (best case) or decreasing (worst case). Ignored when ids is given.": "Cómo se disponen los IDs por defecto en el sentido de circulación: barajados por la semilla, crecientes (mejor caso) o decrecientes (peor caso). Se ignora si se da ids.",
		"Link delay in time units: fixed, or drawn uniformly from [min, max] by the seeded generator.":                                                                    "Retardo del enlace en unidades de tiempo: fijo, o elegido uniformemente en [min, max] por el generador con semilla.",
		"FIFO channels: a later message never overtakes an earlier one on the same link.":                                                                                 "Canales FIFO: un mensaje posterior nunca adelanta a uno anterior en el mismo enlace.",
		"Probability that a link loses a message.": "Probabilidad de que un enlace pierda un mensaje.",

		// Elections in general: invariants and theory.
		"At most one process is elected, and it has the highest ID.":                "Como mucho se elige un proceso, y tiene el ID más alto.",
		"A process that knows a leader knows the highest ID.":                       "Un proceso que conoce un líder conoce el ID más alto.",
		"When nothing is left to happen, every live process knows the same leader.": "Cuando ya no queda nada por ocurrir, todos los procesos vivos conocen al mismo líder.",
		"worst case":   "peor caso",
		"best case":    "mejor caso",
		"all messages": "todos los mensajes",

		// Bully.
		"Bully": "Algoritmo del matón (Bully)",
		"Garcia-Molina's election for a synchronous system with crash failures, where every process knows all IDs. " +
			"A process that notices the coordinator has failed sends ELECTION to every higher ID. A higher process " +
			"replies ANSWER and holds an election itself. With no ANSWER within T, the process becomes coordinator and " +
			"tells every lower ID with COORDINATOR. With an ANSWER, it waits T′ for COORDINATOR and starts over if none comes. " +
			"A process that recovers holds an election at once, so the highest one takes over (it bullies).": "La elección de Garcia-Molina para un sistema síncrono con fallos por caída, en el que cada proceso conoce todos los IDs. " +
			"Un proceso que nota que el coordinador ha fallado envía ELECTION a cada ID más alto. Un proceso más alto " +
			"responde ANSWER y celebra a su vez una elección. Si no llega ningún ANSWER en T, el proceso se hace coordinador y " +
			"se lo comunica a cada ID más bajo con COORDINATOR. Si llega un ANSWER, espera T′ un COORDINATOR y empieza de nuevo si no llega ninguno. " +
			"Un proceso que se recupera celebra una elección de inmediato, así que el más alto toma el relevo (se impone como un matón).",
		"Number of processes; every process knows all IDs.":       "Número de procesos; cada proceso conoce todos los IDs.",
		"position p has ID p":                                     "la posición p tiene el ID p",
		"[n−1]: the coordinator, the process with the highest ID": "[n−1]: el coordinador, el proceso con el ID más alto",
		"Positions crashed from the start. Every process believes at first that the highest ID is the coordinator.":                  "Posiciones caídas desde el inicio. Al principio cada proceso cree que el ID más alto es el coordinador.",
		"[min(4, n−2)]: P4 as in the lecture (the second-highest when n ≤ 6)":                                                        "[min(4, n−2)]: P4 como en clase (el segundo más alto si n ≤ 6)",
		"Positions that notice the coordinator's failure at time 0 and hold an election. Each must be live.":                         "Posiciones que notan el fallo del coordinador en el instante 0 y celebran una elección. Cada una debe estar viva.",
		"T: how long a process waits for an ANSWER before it declares itself coordinator. Safe only above the round trip 2·delay.":   "T: cuánto espera un proceso un ANSWER antes de declararse coordinador. Solo es seguro por encima del tiempo de ida y vuelta 2·delay.",
		"T′: how long a process that got an ANSWER waits for COORDINATOR before it starts over.":                                     "T′: cuánto espera un COORDINATOR un proceso que recibió un ANSWER antes de empezar de nuevo.",
		"Positions crashed from the start that recover at time recoverAt and hold an election at once.":                              "Posiciones caídas desde el inicio que se recuperan en el instante recoverAt y celebran una elección de inmediato.",
		"When the processes in recover recover.":                                                                                     "Cuándo se recuperan los procesos de recover.",
		"notice the coordinator's failure":                                                                                           "notar el fallo del coordinador",
		"The process learns that its coordinator has failed and holds an election (unless it is holding one already).":               "El proceso se entera de que su coordinador ha fallado y celebra una elección (salvo que ya esté celebrando una).",
		"A process declares itself coordinator only when every process with a higher ID has crashed.":                                "Un proceso se declara coordinador solo cuando todos los procesos con un ID más alto han caído.",
		"When nothing is left to happen, every live process believes in the same coordinator, the live process with the highest ID.": "Cuando ya no queda nada por ocurrir, todos los procesos vivos creen en el mismo coordinador: el proceso vivo con el ID más alto.",
		"the highest has crashed and the second-highest notices: it announces directly":                                              "el más alto ha caído y lo nota el segundo más alto: se anuncia directamente",
		"all messages (COORDINATOR only)":                       "todos los mensajes (solo COORDINATOR)",
		"the highest has crashed and the lowest notices, n ≥ 3": "el más alto ha caído y lo nota el más bajo, n ≥ 3",
		"all messages (ELECTION + ANSWER + COORDINATOR)":        "todos los mensajes (ELECTION + ANSWER + COORDINATOR)",
		"Lecture: coordinator 7 crashed, 4 notices":             "Clase: el coordinador 7 ha caído, 4 lo nota",
		"Processes 0–7, the coordinator 7 has crashed, process 4 notices. 4 sends ELECTION to 5, 6, 7; 5 and 6 answer; " +
			"5 and 6 hold elections; 6 answers 5; 7 never answers; 6 wins and tells everyone with COORDINATOR.": "Procesos 0–7, el coordinador 7 ha caído, el proceso 4 lo nota. 4 envía ELECTION a 5, 6, 7; 5 y 6 responden; " +
			"5 y 6 celebran elecciones; 6 responde a 5; 7 nunca responde; 6 gana y se lo comunica a todos con COORDINATOR.",
		"Timeout shorter than the round trip": "Plazo más corto que el tiempo de ida y vuelta",
		"T = 15 but an ELECTION and its ANSWER take 2·10: 4, then 5 declare themselves coordinator although 6 is alive. " +
			"Safety breaks: two coordinators.": "T = 15, pero un ELECTION y su ANSWER tardan 2·10: primero 4 y luego 5 se declaran coordinador aunque 6 está vivo. " +
			"Se rompe la seguridad: dos coordinadores.",
		"Best case: the second-highest notices":                                                                       "Mejor caso: lo nota el segundo más alto",
		"6 knows the only higher process 7 is dead and announces directly: n−2 messages.":                             "6 sabe que el único proceso más alto, 7, ha caído y se anuncia directamente: n−2 mensajes.",
		"Worst case: the lowest notices":                                                                              "Peor caso: lo nota el más bajo",
		"0 notices; every process answers every lower one and holds its own election: n²−n−1 messages, O(n²).":        "0 lo nota; cada proceso responde a cada uno más bajo y celebra su propia elección: n²−n−1 mensajes, O(n²).",
		"Two processes notice at once":                                                                                "Dos procesos lo notan a la vez",
		"1 and 4 notice together and hold concurrent elections; processes already holding one do not start a second.": "1 y 4 lo notan juntos y celebran elecciones concurrentes; los procesos que ya celebran una no inician una segunda.",
		"The old coordinator recovers and bullies":                                                                    "El antiguo coordinador se recupera y se impone",
		"As in the lecture, 6 wins; at time 100, 7 recovers, has the highest ID and takes over with COORDINATOR.":     "Como en clase, gana 6; en el instante 100, 7 se recupera, tiene el ID más alto y toma el relevo con COORDINATOR.",

		// Chang–Roberts.
		"Chang–Roberts": "Chang–Roberts",
		"Election on a unidirectional ring. Variant lcr (LeLann–Chang–Roberts, as in the Erlangen lecture): " +
			"every process sends its ID clockwise; a process forwards a larger ID and stops being electable, " +
			"discards a smaller one, and is elected when its own ID comes back; the leader then announces itself " +
			"with ELECTED. Variant participant (as in the Spanish lecture): any subset starts; a non-participant " +
			"replaces a smaller ID with its own, a participant discards it.": "Elección en un anillo unidireccional. Variante lcr (LeLann–Chang–Roberts, como en la asignatura de Erlangen): " +
			"cada proceso envía su ID en el sentido de las agujas del reloj; un proceso reenvía un ID mayor y deja de ser elegible, " +
			"descarta uno menor y resulta elegido cuando vuelve su propio ID; el líder se anuncia entonces " +
			"con ELECTED. Variante participant (como en la asignatura española): empieza cualquier subconjunto; un no participante " +
			"sustituye un ID menor por el suyo, un participante lo descarta.",
		"lcr: everyone starts, electable flags. participant: any subset starts, participant flags.": "lcr: todos empiezan, marcas de elegible. participant: empieza cualquier subconjunto, marcas de participante.",
		"Variant participant: the positions that start an election (empty: position 0).":            "Variante participant: las posiciones que inician una elección (vacío: la posición 0).",
		"variant lcr, IDs decreasing along the ring":                                                "variante lcr, IDs decrecientes a lo largo del anillo",
		"average":                      "caso medio",
		"variant lcr, random ID order": "variante lcr, IDs en orden aleatorio",
		"variant lcr, IDs increasing along the ring": "variante lcr, IDs crecientes a lo largo del anillo",
		"announcement":    "anuncio",
		"both variants":   "ambas variantes",
		"lower bound":     "cota inferior",
		"order of growth": "orden de crecimiento",
		"messages of any comparison-based ring election": "mensajes de cualquier elección en anillo basada en comparaciones",
		"fewest":                           "mínimo",
		"variant participant, one starter": "variante participant, un iniciador",
		"most":                             "máximo",
		"Worst case: IDs decreasing along the ring":                                    "Peor caso: IDs decrecientes a lo largo del anillo",
		"Every ID travels until it meets a larger one: n(n+1)/2 ELECTION messages.":    "Cada ID viaja hasta encontrarse con uno mayor: n(n+1)/2 mensajes ELECTION.",
		"Best case: IDs increasing along the ring":                                     "Mejor caso: IDs crecientes a lo largo del anillo",
		"Every ID but the largest is discarded after one hop: 2n−1 ELECTION messages.": "Todos los IDs salvo el mayor se descartan tras un salto: 2n−1 mensajes ELECTION.",
		"Random IDs": "IDs aleatorios",
		"IDs shuffled by the seed: about n·H_n ELECTION messages on average.":       "IDs barajados por la semilla: unos n·H_n mensajes ELECTION de media.",
		"Participant flags, one starter":                                            "Marcas de participante, un iniciador",
		"Only position 0 starts: between 2n and 3n−1 messages in total.":            "Solo empieza la posición 0: entre 2n y 3n−1 mensajes en total.",
		"Participant flags, several starters":                                       "Marcas de participante, varios iniciadores",
		"Positions 0, 3 and 5 start at once; participants discard the smaller IDs.": "Las posiciones 0, 3 y 5 empiezan a la vez; los participantes descartan los IDs menores.",

		// The ring with ID lists.
		"Ring with ID lists": "Anillo con listas de IDs",
		"Election on a directed ring as in the Tanenbaum-style lecture. An initiator sends ELECTION with a " +
			"list holding its ID to the next live process; each process adds its ID to the front and passes the " +
			"list on, skipping crashed successors. When the list comes back to a process already in it, that " +
			"process sends COORDINATOR with the full list once round the ring; everyone takes the maximum of the " +
			"list as coordinator.": "Elección en un anillo dirigido como en la asignatura al estilo de Tanenbaum. Un iniciador envía ELECTION con una " +
			"lista que contiene su ID al siguiente proceso vivo; cada proceso añade su ID al principio y pasa la " +
			"lista, saltándose los sucesores caídos. Cuando la lista vuelve a un proceso que ya está en ella, ese " +
			"proceso envía COORDINATOR con la lista completa una vuelta al anillo; todos toman el máximo de la " +
			"lista como coordinador.",
		"The positions that start an election at once (at least one).":                              "Las posiciones que inician una elección a la vez (al menos una).",
		"Positions crashed from the start (for example the old coordinator); the others skip them.": "Posiciones caídas desde el inicio (por ejemplo el antiguo coordinador); los demás se las saltan.",
		"A process takes as coordinator the maximum of the list it received, and that process is live; " +
			"when nothing is left to happen, every live process knows the highest live ID.": "Un proceso toma como coordinador el máximo de la lista que recibió, y ese proceso está vivo; " +
			"cuando ya no queda nada por ocurrir, todos los procesos vivos conocen el ID vivo más alto.",
		"A process that takes itself as coordinator has the highest ID among the live processes.": "Un proceso que se toma a sí mismo por coordinador tiene el ID más alto entre los procesos vivos.",
		"one initiator": "un iniciador",
		"k ≥ 2 live processes, no crash during the run: k ELECTION (the list goes once round) + k COORDINATOR (once round again)": "k ≥ 2 procesos vivos, ninguna caída durante la ejecución: k ELECTION (la lista da una vuelta) + k COORDINATOR (otra vuelta más)",
		"several initiators": "varios iniciadores",
		"m initiators start at once, k ≥ 2 live processes, no crash during the run: every list and every COORDINATOR goes once round": "m iniciadores empiezan a la vez, k ≥ 2 procesos vivos, ninguna caída durante la ejecución: cada lista y cada COORDINATOR da una vuelta",
		"Lecture: the coordinator 7 has crashed, 4 starts": "Clase: el coordinador 7 ha caído, 4 empieza",
		"Processes 0–7 on a ring with IDs 0–7; the old coordinator 7 has crashed and 4 starts the election. " +
			"The list grows round the ring, skipping 7; back at 4, it goes round once more as COORDINATOR; " +
			"everyone takes the maximum, 6.": "Procesos 0–7 en un anillo con IDs 0–7; el antiguo coordinador 7 ha caído y 4 inicia la elección. " +
			"La lista crece al recorrer el anillo, saltándose el 7; de vuelta en 4, da otra vuelta como COORDINATOR; " +
			"todos toman el máximo, 6.",
		"Two initiators at once": "Dos iniciadores a la vez",
		"Positions 1 and 4 start at once, 7 has crashed: two lists go round, each comes back to its own " +
			"initiator, and both announce the same maximum: 2·2k messages.": "Las posiciones 1 y 4 empiezan a la vez, 7 ha caído: dos listas dan la vuelta, cada una vuelve a su propio " +
			"iniciador y ambos anuncian el mismo máximo: 2·2k mensajes.",
		"IDs shuffled by the seed, two processes crashed, position 0 starts.": "IDs barajados por la semilla, dos procesos caídos, empieza la posición 0.",

		// Mutual exclusion (mutex.go, mutexcentral.go, ricartagrawala.go).
		"Ricart–Agrawala": "Ricart–Agrawala",
		// Lamport's mutual exclusion (mutexlamport.go) and the token ring (tokenring.go).
		"Lamport's mutual exclusion": "Exclusión mutua de Lamport",
		"Mutual exclusion with a request queue at every process, ordered by (Lamport time, ID). A process that wants the critical section multicasts REQUEST with its (time, ID) and queues it itself; a receiver queues the request and answers REPLY. A process enters when its own request heads its queue and it has received a later-stamped message from every other process. On exit it removes its request and multicasts RELEASE; the receivers remove it too. Needs FIFO channels. 3(n−1) messages per entry.": "Exclusión mutua con una cola de peticiones en cada proceso, ordenada por (tiempo de Lamport, ID). Un proceso que quiere la sección crítica envía a todos REQUEST con su (tiempo, ID) y la encola él mismo; un receptor encola la petición y responde REPLY. Un proceso entra cuando su propia petición encabeza su cola y ha recibido de cada uno de los demás procesos un mensaje con sello posterior. Al salir quita su petición y envía RELEASE a todos; los receptores también la quitan. Necesita canales FIFO. 3(n−1) mensajes por entrada.",
		"Initial Lamport clock by position; empty: all 0. The clock ticks before a REQUEST or RELEASE (LC1) and when a message arrives (LC2).": "Reloj de Lamport inicial por posición; vacío: todos 0. El reloj avanza antes de un REQUEST o RELEASE (LC1) y cuando llega un mensaje (LC2).",
		"messages per entry (n−1 REQUEST + n−1 REPLY + n−1 RELEASE)":                                                                           "mensajes por entrada (n−1 REQUEST + n−1 REPLY + n−1 RELEASE)",
		"Three processes; P0 and P1 want the critical section at the same time, P0's REQUEST carries Lamport time 12, P1's 8, and P2 does not request. Every queue orders (8,1) before (12,0): P1 enters first; its RELEASE removes (8,1) everywhere and P0 enters.": "Tres procesos; P0 y P1 quieren la sección crítica a la vez, el REQUEST de P0 lleva el tiempo de Lamport 12, el de P1 el 8, y P2 no pide. Cada cola ordena (8,1) antes que (12,0): P1 entra primero; su RELEASE quita (8,1) en todas partes y P0 entra.",
		"Four processes request at time 0, all with Lamport time 1: the IDs break the ties, so they enter in the order P0, P1, P2, P3.":                                                                                                                              "Cuatro procesos piden en el instante 0, todos con tiempo de Lamport 1: los IDs deshacen los empates, así que entran en el orden P0, P1, P2, P3.",
		"P3 has crashed from the start and never replies: no requester hears from it, nobody enters, and the final check reports a deadlock.":                                                                                                                        "P3 está caído desde el inicio y nunca responde: ningún solicitante recibe nada de él, nadie entra, y la comprobación final informa de un interbloqueo.",
		"Token ring": "Anillo con testigo",
		"Mutual exclusion with one TOKEN that circulates in ring order, from each position to the next. Its holder may enter the critical section once per pass if it wants to, keeps the token while inside, and passes it on when it leaves; otherwise it passes it on at once. Between 1 message per entry (everyone wants) and n (only one process wants), and the token uses the network even when nobody wants. A lost token stalls everyone.": "Exclusión mutua con un TOKEN que circula en el orden del anillo, de cada posición a la siguiente. Su poseedor puede entrar en la sección crítica una vez por pasada si quiere, conserva el testigo mientras está dentro y lo pasa al salir; si no, lo pasa enseguida. Entre 1 mensaje por entrada (todos quieren) y n (solo un proceso quiere), y el testigo usa la red aunque nadie quiera. Un testigo perdido bloquea a todos.",
		"A real ring passes the token forever; here the token stops after this many rounds and its holder keeps it, so that the run ends. 0: enough for the workload, the rounds until its last request is due (a round takes at least n·delay.min) plus one per request of the busiest process plus 2. A request made later waits forever.":                                                                                                         "Un anillo real pasa el testigo para siempre; aquí el testigo se detiene tras este número de vueltas y su poseedor lo conserva, para que la ejecución termine. 0: suficientes para la carga, las vueltas hasta su última petición (una vuelta dura al menos n·delay.min) más una por petición del proceso más ocupado más 2. Una petición posterior espera para siempre.",
		"TOKEN messages per entry":                    "mensajes TOKEN por entrada",
		"every process wants the critical section":    "cada proceso quiere la sección crítica",
		"only one process wants the critical section": "solo un proceso quiere la sección crítica",
		"Everyone wants: entries in ring order":       "Todos quieren: entradas en el orden del anillo",
		"Five processes request at time 0. P0 holds the token at the start and enters first; the token then passes P1, P2, P3, P4, and each enters in ring order: 1 message per entry while everyone waits.": "Cinco procesos piden en el instante 0. P0 tiene el testigo al inicio y entra primero; luego el testigo pasa por P1, P2, P3, P4, y cada uno entra en el orden del anillo: 1 mensaje por entrada mientras todos esperan.",
		"Only one process wants": "Solo un proceso quiere",
		"Only P3 requests, at times 0, 20 and 40: the token goes round the whole ring between two entries of P3: n messages per entry.": "Solo P3 pide, en los instantes 0, 20 y 40: el testigo da la vuelta a todo el anillo entre dos entradas de P3: n mensajes por entrada.",
		"The holder crashes: the token is lost": "El poseedor cae: el testigo se pierde",
		"Everyone requests at time 0; P2 crashes at time 15, while it holds the token inside the critical section. The token is lost, P3 and P4 wait forever, and the final check reports a deadlock.": "Todos piden en el instante 0; P2 cae en el instante 15, mientras está con el testigo dentro de la sección crítica. El testigo se pierde, P3 y P4 esperan para siempre, y la comprobación final informa de un interbloqueo.",
		"Central coordinator": "Coordinador central",
		"Mutual exclusion through one coordinator. A process sends REQUEST to the coordinator and enters when it receives GRANT; on exit it sends RELEASE. The coordinator grants one process at a time and queues the other requests in FIFO order: 3 messages per entry. The coordinator is a single point of failure, and the order of entry need not respect happened-before (ME3).": "Exclusión mutua mediante un coordinador. Un proceso envía REQUEST al coordinador y entra cuando recibe GRANT; al salir envía RELEASE. El coordinador concede la entrada a un proceso cada vez y encola las demás peticiones en orden FIFO: 3 mensajes por entrada. El coordinador es un punto único de fallo, y el orden de entrada no tiene por qué respetar la relación happened-before (ME3).",
		"Number of processes; every process can send to every other.":                                                                           "Número de procesos; cada proceso puede enviar a cualquier otro.",
		"Position of the coordinator. When it wants the critical section itself, it queues or grants its own request without messages.":         "Posición del coordinador. Cuando él mismo quiere la sección crítica, encola o se concede su propia petición sin mensajes.",
		"Explicit workload: the position that makes each request, paired with requestTimes. Empty: a workload generated from count and spread.": "Carga explícita: la posición que hace cada petición, emparejada con requestTimes. Vacía: una carga generada a partir de count y spread.",
		"Explicit workload: when each request of requestNodes is made.":                                                                         "Carga explícita: cuándo se hace cada petición de requestNodes.",
		"Generated workload (when requestNodes is empty): requests per process.":                                                                "Carga generada (cuando requestNodes está vacía): peticiones por proceso.",
		"Generated workload: request times drawn uniformly from [0, spread] by the seeded generator; 0: all at once.":                           "Carga generada: instantes de petición elegidos uniformemente en [0, spread] por el generador con semilla; 0: todos a la vez.",
		"Time spent inside the critical section: fixed, or drawn uniformly from [min, max].":                                                    "Tiempo dentro de la sección crítica: fijo, o elegido uniformemente en [min, max].",
		"Positions that crash at time crashAt.":                                                                                                 "Posiciones que caen en el instante crashAt.",
		"When the processes in crashed crash (0: from the start).":                                                                              "Cuándo caen los procesos de crashed (0: desde el principio).",
		"request the critical section": "pedir la sección crítica",
		"The process makes one more request now; it is served after the process's earlier requests.": "El proceso hace ahora una petición más; se atiende después de sus peticiones anteriores.",
		"Safety: at most one process is in the critical section.":                                    "Seguridad: como mucho un proceso está en la sección crítica.",
		"When nothing is left to happen, no live process still waits for the critical section.":      "Cuando ya no queda nada por ocurrir, ningún proceso vivo sigue esperando la sección crítica.",
		"Application messages, paired with tellTo: after each request of its workload (or by hand), process tellFrom[i] sends TELL to tellTo[i], which then requests the critical section. TELL is not part of the algorithm; it makes one request happen before another (ME3).": "Mensajes de la aplicación, emparejados con tellTo: tras cada petición de su carga (o a mano), el proceso tellFrom[i] envía TELL a tellTo[i], que entonces pide la sección crítica. TELL no es parte del algoritmo; hace que una petición ocurra antes que otra (ME3).",
		"Application messages: the receiver of each TELL of tellFrom.": "Mensajes de la aplicación: el receptor de cada TELL de tellFrom.",
		"ME3 broken: a causally later request enters first":            "ME3 roto: una petición causalmente posterior entra primero",
		"P1 requests at time 0 and then tells P2 so with an application message (TELL); P2 requests when it hears, so P1's request happened before P2's. P2's REQUEST reaches the coordinator first, over a faster link, and P2 enters first: the order of entry does not respect happened-before, which the narration and the outcome report.": "P1 pide en el instante 0 y se lo avisa a P2 con un mensaje de la aplicación (TELL); P2 pide al recibirlo, así que la petición de P1 ocurrió antes que la de P2. El REQUEST de P2 llega antes al coordinador, por un enlace más rápido, y P2 entra primero: el orden de entrada no respeta happened-before, como informan la narración y el resultado.",
		"Order: entries follow the happened-before order of the requests. Reported as a note where an entry breaks it, and listed in the outcome; not a violation, for not every algorithm promises it.":                                                                                                                                        "Orden: las entradas siguen el orden happened-before de las peticiones. Donde una entrada lo rompe se narra como nota y se lista en el resultado; no es una violación, pues no todo algoritmo lo promete.",
		"Liveness: requests are served in (Lamport time, ID) order: no process enters while a request with a smaller (time, ID) waits, so every request is served in the end.":                                                                                                                                                                  "Vivacidad: las peticiones se atienden en orden de (tiempo de Lamport, ID): ningún proceso entra mientras espera una petición con (tiempo, ID) menor, así que toda petición se atiende al final.",
		"Liveness: while a request waits, the token visits every other process at most once, so no request is overtaken more than n−1 times (checked when the run ends).":                                                                                                                                                                       "Vivacidad: mientras una petición espera, el testigo visita cada otro proceso a lo sumo una vez, así que ninguna petición es adelantada más de n−1 veces (se comprueba al terminar la ejecución).",
		"per entry": "por entrada",
		"the requester is not the coordinator; the coordinator's own entries need none": "quien pide no es el coordinador; las entradas del propio coordinador no necesitan ninguno",
		"messages per entry (REQUEST + GRANT + RELEASE)":                                "mensajes por entrada (REQUEST + GRANT + RELEASE)",
		"Everyone at once": "Todos a la vez",
		"Four processes request at time 0. The coordinator P0 grants itself first without messages and queues the others in the order their REQUESTs arrive: 3 messages for each of the other entries.": "Cuatro procesos piden en el instante 0. El coordinador P0 se concede primero la entrada a sí mismo sin mensajes y encola a los demás en el orden en que llegan sus REQUEST: 3 mensajes por cada una de las otras entradas.",
		"Several requests at random times": "Varias peticiones en instantes aleatorios",
		"Five processes make three requests each at times drawn from [0, 60], with delays from 1 to 5.": "Cinco procesos hacen tres peticiones cada uno en instantes elegidos en [0, 60], con retardos de 1 a 5.",
		"The coordinator crashes": "El coordinador cae",
		"P1, P2 and P3 request at time 0; the coordinator P0 crashes at time 3, while P1 is inside. P1's RELEASE is lost, P2 and P3 wait forever, and the final check reports a deadlock.":                                                                                                                                                                                                                       "P1, P2 y P3 piden en el instante 0; el coordinador P0 cae en el instante 3, mientras P1 está dentro. El RELEASE de P1 se pierde, P2 y P3 esperan para siempre, y la comprobación final informa de un interbloqueo (deadlock).",
		"Mutual exclusion without a coordinator. A process that wants the critical section multicasts REQUEST with its (Lamport time, ID) and enters after n−1 REPLYs. A receiver defers its reply if it is HELD, or WANTED with a smaller (time, ID) of its own; otherwise it replies at once. On exit it replies to every deferred request. Equal Lamport times are ordered by ID. 2(n−1) messages per entry.": "Exclusión mutua sin coordinador. Un proceso que quiere la sección crítica envía a todos REQUEST con su (tiempo de Lamport, ID) y entra tras n−1 REPLY. Un receptor aplaza su respuesta si está HELD, o WANTED con un (tiempo, ID) propio menor; si no, responde enseguida. Al salir responde a todas las peticiones aplazadas. Los tiempos de Lamport iguales se ordenan por ID. 2(n−1) mensajes por entrada.",
		"Initial Lamport clock by position; empty: all 0. The clock ticks before a request (LC1) and when a message arrives (LC2).":                                                                                                                                                                                                                                                                              "Reloj de Lamport inicial por posición; vacía: todos 0. El reloj avanza antes de una petición (LC1) y al llegar un mensaje (LC2).",
		"messages per entry (n−1 REQUEST + n−1 REPLY)":      "mensajes por entrada (n−1 REQUEST + n−1 REPLY)",
		"Lecture: P0 requests with time 12, P1 with time 8": "Clase: P0 pide con tiempo 12, P1 con tiempo 8",
		"Three processes; P0 and P1 want the critical section at the same time, P0's REQUEST carries Lamport time 12, P1's 8, and P2 does not request. P0 replies to P1 at once, P1 defers its reply to P0: P1 enters first, P0 after P1 leaves and replies.": "Tres procesos; P0 y P1 quieren la sección crítica a la vez, el REQUEST de P0 lleva el tiempo de Lamport 12, el de P1 el 8, y P2 no pide. P0 responde a P1 enseguida, P1 aplaza su respuesta a P0: P1 entra primero, P0 después de que P1 salga y responda.",
		"Equal Lamport times": "Tiempos de Lamport iguales",
		"Five processes request at time 0, all with Lamport time 1: the IDs break the ties, so they enter in the order P0, P1, P2, P3, P4.": "Cinco procesos piden en el instante 0, todos con tiempo de Lamport 1: los IDs deshacen los empates, así que entran en el orden P0, P1, P2, P3, P4.",
		"A process crashes": "Un proceso cae",
		"P3 has crashed from the start and never replies: every requester waits for its REPLY forever, and the final check reports a deadlock. Every process is a point of failure.": "P3 ha caído desde el principio y nunca responde: cada proceso que pide espera su REPLY para siempre, y la comprobación final informa de un interbloqueo (deadlock). Cada proceso es un punto de fallo.",

		// Maekawa (maekawa.go).
		"Maekawa's algorithm": "Algoritmo de Maekawa",
		"When nothing is left to happen, no live process still waits for the critical section. If some do, the check names a cycle of waits (each process waits for a node locked for the next) and, under the lecture's rules, the request that was never told that it had failed.":                                                                                                                                                                                                                                                                                              "Cuando no queda nada por ocurrir, ningún proceso vivo sigue esperando la sección crítica. Si alguno espera, la comprobación nombra un ciclo de esperas (cada proceso espera a un nodo bloqueado para el siguiente) y, con las reglas de la clase, la petición a la que nunca se le dijo que había fracasado.",
		"Mutual exclusion with quorums: every process has a quorum, and every two quorums intersect. A requester sends REQUEST with its timestamp (sequence number, ID) to its quorum and enters when every member has LOCKED for it; a member locks for one request at a time. A younger request is told FAILED; an older one makes the member INQUIRE whether the locked process will give the lock back, which it does with RELINQUISH once it knows it failed. On exit, RELEASE frees the locks. 3(|S|−1) to 5(|S|−1) messages per entry with quorums of size |S|, about √n.": "Exclusión mutua con quórums: cada proceso tiene un quórum, y cada dos quórums se cortan. Quien pide envía REQUEST con su marca de tiempo (número de secuencia, ID) a su quórum y entra cuando cada miembro se ha bloqueado para él con LOCKED; un miembro se bloquea para una sola petición a la vez. A una petición más reciente se le responde FAILED; una más antigua hace que el miembro pregunte con INQUIRE si el proceso bloqueado devolverá el bloqueo, lo que hace con RELINQUISH cuando sabe que ha fracasado. Al salir, RELEASE libera los bloqueos. De 3(|S|−1) a 5(|S|−1) mensajes por entrada con quórums de tamaño |S|, unos √n.",
		"Number of processes, numbered P1..Pn as in the lecture.": "Número de procesos, numerados P1..Pn como en la clase.",
		"How the quorums are built: the projective plane (n = 7, 13, 21, 31, 57, 73 or 91; for 13 the lecture's table), row and column of a ⌈√n⌉-wide grid, ⌊n/2⌋+1 consecutive positions (a majority), or quorumList.": "Cómo se forman los quórums: el plano proyectivo (n = 7, 13, 21, 31, 57, 73 o 91; para 13 la tabla de la clase), fila y columna de una cuadrícula de ⌈√n⌉ de ancho, ⌊n/2⌋+1 posiciones consecutivas (una mayoría) o quorumList.",
		"Explicit quorums (quorums = explicit): one list of positions per process, every two of them intersecting.":                                                                                                     "Quórums explícitos (quorums = explicit): una lista de posiciones por proceso, que se cortan de dos en dos.",
		"Take locks back with INQUIRE and RELINQUISH; off, an older request just waits, and the algorithm can deadlock.":                                                                                                "Recuperar bloqueos con INQUIRE y RELINQUISH; desactivado, una petición más antigua simplemente espera, y el algoritmo puede interbloquearse.",
		"corrected: a waiting request that stops being the oldest at a node is sent FAILED (once); lecture: the rules exactly as written, which can deadlock.":                                                          "corrected: a una petición en espera que deja de ser la más antigua en un nodo se le envía FAILED (una vez); lecture: las reglas exactamente como están escritas, que pueden interbloquearse.",
		"uncontended": "sin competencia",
		"no other request competes and the requester is in its own quorum":                 "ninguna otra petición compite y quien pide está en su propio quórum",
		"messages per entry (REQUEST, LOCKED, RELEASE to and from the rest of the quorum)": "mensajes por entrada (REQUEST, LOCKED, RELEASE hacia y desde el resto del quórum)",
		"favourable conflict": "conflicto favorable",
		"requests compete, but a younger one is only told FAILED and waits": "las peticiones compiten, pero a una más reciente solo se le responde FAILED y espera",
		"messages per entry": "mensajes por entrada",
		"locks are taken back with INQUIRE and RELINQUISH (the lecture's count; one entry asked to give locks back several times can cost more)": "los bloqueos se recuperan con INQUIRE y RELINQUISH (el cómputo de la clase; una entrada a la que se pide devolver bloqueos varias veces puede costar más)",
		"Lecture: 13-node plane, one uncontended request": "Clase: plano de 13 nodos, una petición sin competencia",
		"The lecture's projective plane of 13 nodes, quorums of 4. P1 requests with (1,1): REQUEST to P2, P3, P4 and its own lock locally; each locks for it, P1 enters and RELEASEs: 3(|S|−1) = 9 messages.": "El plano proyectivo de la clase con 13 nodos, quórums de 4. P1 pide con (1,1): REQUEST a P2, P3, P4 y su propio bloqueo localmente; cada uno se bloquea para él, P1 entra y envía RELEASE: 3(|S|−1) = 9 mensajes.",
		"Concurrent requests that need INQUIRE and RELINQUISH": "Peticiones concurrentes que necesitan INQUIRE y RELINQUISH",
		"P3 and P9 request at time 0, P2 at time 1. P3 locks itself first, so P9 fails at P3. P9 holds P11 when the older (1,2) of P2 arrives there: P11 sends INQUIRE to P9, which has failed and gives the lock back with RELINQUISH; P11 locks for P2. P2 also INQUIREs P3 through P8, but P3 is already inside.": "P3 y P9 piden en el instante 0, P2 en el instante 1. P3 se bloquea primero para sí mismo, así que P9 fracasa en P3. P9 tiene a P11 cuando llega allí la más antigua (1,2) de P2: P11 envía INQUIRE a P9, que ha fracasado y devuelve el bloqueo con RELINQUISH; P11 se bloquea para P2. P2 también hace que P8 pregunte a P3 con INQUIRE, pero P3 ya está dentro.",
		"Without INQUIRE: deadlock": "Sin INQUIRE: interbloqueo",
		"Everyone requests once at a time drawn from [0, 30], delays 1 to 10, inquire = false: nobody is asked to give a lock back. Two processes get in; then P2, P8 and P9 each wait for a lock the next one holds, and the final check reports the cycle of waits.": "Cada uno pide una vez en un instante tomado de [0, 30], retardos de 1 a 10, inquire = false: a nadie se le pide devolver un bloqueo. Entran dos procesos; después P2, P8 y P9 esperan cada uno un bloqueo que tiene el siguiente, y la comprobación final informa del ciclo de esperas.",
		"variant=lecture: all 13 request at once": "variant=lecture: los 13 piden a la vez",
		"The rules exactly as the lecture writes them, all 13 requesting at once with delays 1 to 10. The request (1,4) of P4 reaches P6 as the oldest, so P6 sends INQUIRE rather than FAILED; the older (1,3) then takes P6's lock, and P4 never learns that it failed there: it keeps its locks at P4 and P11 and leaves their INQUIREs unanswered. The final check finds the cycle of waits and explains it.": "Las reglas exactamente como las escribe la clase, los 13 piden a la vez con retardos de 1 a 10. La petición (1,4) de P4 llega a P6 como la más antigua, así que P6 envía INQUIRE en vez de FAILED; luego la más antigua (1,3) se queda con el bloqueo de P6, y P4 nunca sabe que fracasó allí: conserva sus bloqueos en P4 y P11 y deja sin respuesta sus INQUIRE. La comprobación final encuentra el ciclo de esperas y lo explica.",
		"The same run with the corrected rules": "La misma ejecución con las reglas corregidas",
		"As before, but with the correction: a waiting request that stops being the oldest at a node is told FAILED there. Every request is served.": "Como antes, pero con la corrección: a una petición en espera que deja de ser la más antigua en un nodo se le responde FAILED allí. Se atienden todas las peticiones.",
		"3×3 grid, everyone twice": "Cuadrícula 3×3, cada uno dos veces",
		"Nine processes in a 3×3 grid; a quorum is a row and a column, 5 nodes. Each requests twice at times drawn from [0, 40], with delays from 1 to 5.": "Nueve procesos en una cuadrícula 3×3; un quórum es una fila y una columna, 5 nodos. Cada uno pide dos veces en instantes tomados de [0, 40], con retardos de 1 a 5.",
		"Majorities of 5": "Mayorías de 5",
		"Five processes, each quorum 3 consecutive processes: a majority, so any two intersect. Everyone requests at once, with delays from 1 to 4.": "Cinco procesos, cada quórum 3 procesos consecutivos: una mayoría, así que dos cualesquiera se cortan. Todos piden a la vez, con retardos de 1 a 4.",
		// Trees (tree.go).
		"The tree as position pairs [a, b], one per cable: connected, without cycles, at most ports cables per device. A device's ports are numbered in the order its cables appear here. Empty: a random tree drawn from the seed.": "El árbol como pares de posiciones [a, b], uno por cable: conexo, sin ciclos, como mucho ports cables por dispositivo. Los puertos de un dispositivo se numeran en el orden en que aparecen aquí sus cables. Vacío: un árbol aleatorio sacado de la semilla.",
		"a random tree drawn from the seed, at most ports cables per device":              "un árbol aleatorio sacado de la semilla, como mucho ports cables por dispositivo",
		"How many cables a device can take (the standard recommends 3 ports per device).": "Cuántos cables admite un dispositivo (el estándar recomienda 3 puertos por dispositivo).",

		// FireWire.
		"FireWire tree identify (IEEE 1394)": "Tree identify de FireWire (IEEE 1394)",
		"After a bus reset the devices of a FireWire bus elect a root (the bus master), knowing only their own cables. " +
			"A leaf sends BE_MY_PARENT to its neighbour; a device with k cables that has BE_MY_PARENT on k−1 of them confirms them " +
			"with YOU_ARE_MY_CHILD and sends BE_MY_PARENT over the last one; a device that has BE_MY_PARENT on all k without having " +
			"sent one becomes root. When two BE_MY_PARENT cross on one cable (root contention), both flip a coin, wait a short or " +
			"long time and try again. Plugging a device in or out resets its bus; unplugging an inner device splits the bus, and each part elects " +
			"its own root. Time is in nanoseconds.": "Tras un reinicio del bus, los dispositivos de un bus FireWire eligen una raíz (el maestro del bus) conociendo solo sus propios cables. " +
			"Una hoja envía BE_MY_PARENT a su vecino; un dispositivo con k cables que tiene BE_MY_PARENT en k−1 de ellos los confirma " +
			"con YOU_ARE_MY_CHILD y envía BE_MY_PARENT por el último; un dispositivo que tiene BE_MY_PARENT en los k sin haber " +
			"enviado uno se convierte en raíz. Cuando dos BE_MY_PARENT se cruzan en un cable (contención de raíz), ambos lanzan una moneda, esperan un tiempo corto o " +
			"largo y lo intentan de nuevo. Conectar o desconectar un dispositivo reinicia su bus; desconectar un dispositivo interno divide el bus, " +
			"y cada parte elige su propia raíz. El tiempo va en nanosegundos.",
		"Number of devices plugged in at the start.":                                                                                                       "Número de dispositivos conectados al inicio.",
		"Free device slots: devices that start unplugged and can be plugged in during the run.":                                                            "Huecos libres para dispositivos: dispositivos que empiezan desconectados y pueden conectarse durante la ejecución.",
		"How long a signal takes along a cable, in ns.":                                                                                                    "Cuánto tarda una señal en recorrer un cable, en ns.",
		"The short wait after root contention, in ns: drawn uniformly in [min, max].":                                                                      "La espera corta tras una contención de raíz, en ns: sacada de forma uniforme de [min, max].",
		"The long wait after root contention, in ns: drawn uniformly in [min, max].":                                                                       "La espera larga tras una contención de raíz, en ns: sacada de forma uniforme de [min, max].",
		"How root contention is resolved: random (each contender flips a fair coin for the fast or slow wait) or id (the larger ID becomes root at once).": "Cómo se resuelve la contención de raíz: random (cada contendiente lanza una moneda justa para la espera corta o larga) o id (el ID mayor se convierte en raíz de inmediato).",
		"At most one device of each bus is root (unplugging an inner device splits the bus into separate buses).":                                          "Como mucho un dispositivo de cada bus es raíz (desconectar un dispositivo interno divide el bus en buses separados).",
		"A device's parent is a device it has a cable to.":                                                                                                 "El padre de un dispositivo es un dispositivo unido a él por un cable.",
		"When nothing is left to happen, on each bus the parent links form a tree rooted at its one root, along the cables.":                               "Cuando no queda nada por ocurrir, en cada bus los enlaces al padre forman, a lo largo de los cables, un árbol con su única raíz.",
		"Reported, not enforced: when a root contention round ends, a note explains it from both coins and waits " +
			"(a device cannot know the other's): the round resolves exactly when the waits end more than the wire delay apart.": "Se informa, no se exige: cuando termina una ronda de contención de raíz, una nota la explica a partir de ambas monedas y esperas " +
			"(un dispositivo no puede conocer las del otro): la ronda se resuelve exactamente cuando las esperas terminan con más diferencia que el retardo del cable.",
		"no root contention":         "sin contención de raíz",
		"expected contention rounds": "rondas de contención esperadas",
		"contention rounds":          "rondas de contención",
		"two devices with coin flips, wire delay between twice the width of a window and the gap between the windows less twice that width": "dos dispositivos con lanzamiento de moneda, retardo del cable entre el doble del ancho de una ventana y la separación entre las ventanas menos ese doble",
		"Two devices, one cable: root contention": "Dos dispositivos, un cable: contención de raíz",
		"Both devices are leaves and send BE_MY_PARENT at once; the messages cross, both flip coins and wait until one becomes root.": "Ambos dispositivos son hojas y envían BE_MY_PARENT a la vez; los mensajes se cruzan, ambos lanzan monedas y esperan hasta que uno se convierte en raíz.",
		"A larger bus with 3-port devices": "Un bus mayor con dispositivos de 3 puertos",
		"Eight devices with up to three cables each: the leaves ask first, the inner devices confirm and pass the question on.": "Ocho dispositivos con hasta tres cables cada uno: las hojas preguntan primero, los dispositivos internos confirman y pasan la pregunta.",
		"Root contention resolved by ID":                                                "Contención de raíz resuelta por ID",
		"Two devices in contention: the larger ID becomes root at once, without coins.": "Dos dispositivos en contención: el ID mayor se convierte en raíz de inmediato, sin monedas.",
		"A short cable: equal coins can resolve too":                                    "Un cable corto: también monedas iguales pueden resolver",
		"With a 10 ns wire delay, below the width of a window, two equal coins can still resolve the contention: about 1.47 rounds on average.": "Con un retardo de 10 ns, menor que el ancho de una ventana, también dos monedas iguales pueden resolver la contención: unas 1.47 rondas de media.",
		"The IEEE 1394a timing": "Los tiempos de IEEE 1394a",
		"Fast 760–850 ns, slow 1590–1670 ns, wire delay 360 ns, as in the probabilistic model-checking case study: a root within 8000 ns in about 96% of runs.": "Corta 760–850 ns, larga 1590–1670 ns, retardo del cable 360 ns, como en el caso de estudio de model checking probabilístico: una raíz en menos de 8000 ns en un 96% de las ejecuciones aproximadamente.",
		"A random bus of 12 devices": "Un bus aleatorio de 12 dispositivos",
		"A random tree drawn from the seed; plug devices in or unplug any device to see the bus reset (unplugging an inner one splits the bus, and each part elects its own root).": "Un árbol aleatorio sacado de la semilla; conecta dispositivos o desconecta cualquiera para ver el reinicio del bus (desconectar uno interno divide el bus, y cada parte elige su propia raíz).",

		// Election on a tree.
		"Election on a tree (echo)": "Elección en un árbol (eco)",
		"Election on a tree by waves. The starters send EXPLOSION to their neighbours, and every process reached passes it " +
			"on to the leaves. A leaf answers with ECHO and its ID; a process with ECHOes from all neighbours but one sends ECHO with " +
			"the largest ID it knows over the remaining edge. A process that receives an ECHO after sending its own knows the maximum: " +
			"this happens at exactly two neighbours. They tell everyone else with INFO.": "Elección en un árbol mediante ondas. Los iniciadores envían EXPLOSION a sus vecinos, y cada proceso alcanzado la pasa " +
			"hasta las hojas. Una hoja responde con ECHO y su ID; un proceso con ECHOs de todos sus vecinos menos uno envía ECHO con " +
			"el mayor ID que conoce por la arista restante. Un proceso que recibe un ECHO después de enviar el suyo conoce el máximo: " +
			"esto ocurre exactamente en dos vecinos. Ellos se lo dicen a todos los demás con INFO.",
		"Number of processes in the tree.":                                                                      "Número de procesos del árbol.",
		"The positions that start the explosion (empty: position 0).":                                           "Las posiciones que inician la explosión (vacío: la posición 0).",
		"At most two processes learn the maximum first, from an ECHO after their own, and they are neighbours.": "Como mucho dos procesos conocen primero el máximo, por un ECHO posterior al suyo, y son vecinos.",
		"explosion":                 "explosión",
		"echo":                      "eco",
		"information":               "información",
		"total":                     "total de mensajes",
		"one starter":               "un iniciador",
		"every process echoes once": "cada proceso envía un eco",
		"every edge but the one that echoed both ways": "cada arista menos la que llevó ecos en ambos sentidos",
		"One starter":      "Un iniciador",
		"Several starters": "Varios iniciadores",
		"Position 0 starts the explosion on a tree of 8 processes; the echoes carry the maximum back, and two neighbours learn it first.": "La posición 0 inicia la explosión en un árbol de 8 procesos; los ecos traen de vuelta el máximo, y dos vecinos lo conocen primero.",
		"Positions 3 and 6 start at once; the explosions meet, and the echoes still single out two neighbours.":                           "Las posiciones 3 y 6 inician a la vez; las explosiones se encuentran, y aun así los ecos señalan a dos vecinos.",
		"A random tree": "Un árbol aleatorio",
		"A random tree of 15 processes drawn from the seed, with random delays.": "Un árbol aleatorio de 15 procesos sacado de la semilla, con retardos aleatorios.",
	},
}

// translationsOf picks the translations of a's texts from the tables; a text
// without one is left out (the page then shows the English).
func translationsOf(a *Algorithm) map[string]map[string]string {
	texts := a.EnglishTexts()
	out := make(map[string]map[string]string, len(languages))
	for _, l := range languages {
		m := make(map[string]string, len(texts))
		for _, s := range texts {
			if tr, ok := translations[l][s]; ok && tr != "" {
				m[s] = tr
			}
		}
		out[l] = m
	}
	return out
}
