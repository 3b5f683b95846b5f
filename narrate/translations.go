package narrate

// translations holds, for each language but English, the texts the
// algorithms and the engine narrate (env.Note, env.Notef, invariant
// violations, the reasons of crashes and starts). A %s in the English text is
// a hole (a label such as P4, a number, or a text translated in turn); the
// translation takes the holes in order as %[1]s, %[2]s, …. Texts not listed
// stay English. Message types (ELECTION, ANSWER, …), timer names and the
// constants T and T′ stay as the lectures print them.
//
// A new note in algos/ needs a line here in every language:
// TestEveryNoteIsTranslated finds the ones missing.
var translations = map[Lang]map[string]string{
	German: {
		// The engine.
		"crashed from the start":       "von Anfang an ausgefallen",
		"crashed: does not start":      "ausgefallen: startet nicht",
		"scheduled action skipped: %s": "geplante Aktion übersprungen: %[1]s",

		// Bully.
		"is the coordinator itself: there is no coordinator failure to notice":                                 "ist selbst der Koordinator: es gibt keinen Ausfall eines Koordinators zu bemerken",
		"notices that its coordinator %s has failed":                                                           "bemerkt, dass sein Koordinator %[1]s ausgefallen ist",
		"notices that it has no coordinator":                                                                   "bemerkt, dass er keinen Koordinator hat",
		"already holding an election: does not start a second one":                                             "hält schon eine Wahl ab: beginnt keine zweite",
		"has the highest ID: announces itself at once, whether or not another coordinator exists (it bullies)": "hat die höchste ID: verkündet sich sofort, ob es einen anderen Koordinator gibt oder nicht (er ist der Bully)",
		"has the highest ID: skips the election and announces itself":                                          "hat die höchste ID: überspringt die Wahl und verkündet sich selbst",
		"every higher process is known to be dead: skips the election and announces itself":                    "alle höheren Prozesse sind bekanntlich ausgefallen: überspringt die Wahl und verkündet sich selbst",
		"holds an election: ELECTION to every higher ID, then waits T for an ANSWER":                           "hält eine Wahl ab: ELECTION an jede höhere ID, dann wartet er T auf ein ANSWER",
		"ignores ELECTION from a higher process":                                                               "ignoriert ELECTION von einem höheren Prozess",
		"ANSWER arrives after its election ended: ignores it":                                                  "ANSWER kommt nach dem Ende seiner Wahl an: ignoriert es",
		"ANSWER received: a higher process takes over; waits T′ for COORDINATOR":                               "ANSWER erhalten: ein höherer Prozess übernimmt; wartet T′ auf COORDINATOR",
		"its election is over: records %s as coordinator":                                                      "seine Wahl ist vorbei: merkt sich %[1]s als Koordinator",
		"records %s as coordinator":                                                                            "merkt sich %[1]s als Koordinator",
		"no ANSWER within T: becomes coordinator and announces it to every lower ID":                           "kein ANSWER innerhalb von T: wird Koordinator und verkündet es jeder niedrigeren ID",
		"no COORDINATOR within T′: starts the election over":                                                   "kein COORDINATOR innerhalb von T′: beginnt die Wahl von vorn",
		"recovered: forgets what it knew and holds an election at once":                                        "läuft wieder: vergisst, was er wusste, und hält sofort eine Wahl ab",
		"%s declared itself coordinator while %s with a higher ID is alive: two coordinators":                  "%[1]s hat sich zum Koordinator erklärt, während %[2]s mit einer höheren ID lebt: zwei Koordinatoren",
		"%s declared itself coordinator while %s with higher IDs are alive: two coordinators":                  "%[1]s hat sich zum Koordinator erklärt, während %[2]s mit höheren IDs leben: zwei Koordinatoren",
		"the run has ended but %s; the highest live process is %s":                                             "der Lauf ist zu Ende, aber %[1]s; der höchste lebende Prozess ist %[2]s",
		"%s believes %s is the coordinator":                                                                    "%[1]s hält %[2]s für den Koordinator",
		"%s knows no coordinator":                                                                              "%[1]s kennt keinen Koordinator",
		"%s (and 1 other live process is wrong too)":                                                           "%[1]s (und 1 weiterer lebender Prozess irrt sich auch)",
		"%s (and %s other live processes are wrong too)":                                                       "%[1]s (und %[2]s weitere lebende Prozesse irren sich auch)",

		// Chang–Roberts.
		"already participant: does not start another election":                "schon Teilnehmer: beginnt keine weitere Wahl",
		"ELECTED is back: everyone knows the leader; the election terminates": "ELECTED ist zurück: alle kennen den Leader; die Wahl endet",
		"forwards a larger ID and is no longer electable":                     "leitet eine größere ID weiter und ist nicht mehr wählbar",
		"discards a smaller ID":                                               "verwirft eine kleinere ID",
		"own ID returned, but not electable: ignores it":                      "eigene ID zurück, aber nicht wählbar: ignoriert sie",
		"already knows the leader: discards a stale ELECTION":                 "kennt den Leader schon: verwirft ein veraltetes ELECTION",
		"replaces a smaller ID with its own and becomes participant":          "ersetzt eine kleinere ID durch die eigene und wird Teilnehmer",
		"already participant: discards a smaller ID":                          "schon Teilnehmer: verwirft eine kleinere ID",
		"own ID came back round: elected; announces with ELECTED":             "eigene ID ist einmal herumgekommen: gewählt; verkündet es mit ELECTED",

		// Elections in general.
		"%s takes %s as leader, but the highest ID is %s":                  "%[1]s hält %[2]s für den Leader, aber die höchste ID ist %[3]s",
		"%s (ID %s) considers itself elected, but the highest ID is %s":    "%[1]s (ID %[2]s) hält sich für gewählt, aber die höchste ID ist %[3]s",
		"the run has ended but only %s of %s live processes know a leader": "der Lauf ist zu Ende, aber nur %[1]s von %[2]s lebenden Prozessen kennen einen Leader",
		"the run has ended but live processes know different leaders":      "der Lauf ist zu Ende, aber lebende Prozesse kennen verschiedene Leader",

		// The ring with lists.
		"%s has crashed: skips it":                                           "%[1]s ist ausgefallen: überspringt ihn",
		"%s to %s have crashed: skips them":                                  "%[1]s bis %[2]s sind ausgefallen: überspringt sie",
		"no other process is reachable: it is alone and becomes coordinator": "kein anderer Prozess ist erreichbar: er ist allein und wird Koordinator",
		"its own ID is in the list, so the list has gone round: coordinator := %s, the maximum; the list goes round once more as COORDINATOR": "seine eigene ID steht in der Liste, die Liste ist also herum: Koordinator := %[1]s, das Maximum; die Liste geht als COORDINATOR noch einmal herum",
		"this COORDINATOR has gone once round the ring: stops it":                                                                             "dieses COORDINATOR ist einmal um den Ring gelaufen: hält es an",
		"coordinator := %s, the maximum of the list: itself":                                                                                  "Koordinator := %[1]s, das Maximum der Liste: er selbst",
		"coordinator := %s, the maximum of the list":                                                                                          "Koordinator := %[1]s, das Maximum der Liste",
		"%s takes %s as coordinator, but the maximum of its list is %s":                                                                       "%[1]s hält %[2]s für den Koordinator, aber das Maximum seiner Liste ist %[3]s",
		"%s takes %s as coordinator, but no process has that ID":                                                                              "%[1]s hält %[2]s für den Koordinator, aber kein Prozess hat diese ID",
		"%s takes %s as coordinator, the maximum of its list, but %s has crashed since it added its ID":                                       "%[1]s hält %[2]s, das Maximum seiner Liste, für den Koordinator, aber %[3]s ist ausgefallen, seit er seine ID eingetragen hat",
		"%s (ID %s) takes itself as coordinator, but %s with the higher ID %s is live":                                                        "%[1]s (ID %[2]s) hält sich für den Koordinator, aber %[3]s mit der höheren ID %[4]s lebt",
		"the run has ended but %s knows %s as coordinator; the highest live ID is %s (%s)":                                                    "der Lauf ist zu Ende, aber %[1]s kennt %[2]s als Koordinator; die höchste lebende ID ist %[3]s (%[4]s)",
		"the run has ended but %s knows %s as coordinator (and %s other live processes a wrong one too); the highest live ID is %s (%s)":      "der Lauf ist zu Ende, aber %[1]s kennt %[2]s als Koordinator (und %[3]s weitere lebende Prozesse ebenfalls einen falschen); die höchste lebende ID ist %[4]s (%[5]s)",

		// Mutual exclusion (algos/mutex.go, mutexcentral.go, ricartagrawala.go).
		"wants the critical section": "will in den kritischen Abschnitt",
		"wants the critical section once more: the request waits until the current one is served":                 "will noch einmal in den kritischen Abschnitt: die Anfrage wartet, bis die laufende bedient ist",
		"enters the critical section for %s":                                                                      "tritt für %[1]s in den kritischen Abschnitt ein",
		"leaves the critical section":                                                                             "verlässt den kritischen Abschnitt",
		"recovered inside the critical section: leaves it at once":                                                "im kritischen Abschnitt wieder angelaufen: verlässt ihn sofort",
		"%s entered the critical section while %s is inside":                                                      "%[1]s ist in den kritischen Abschnitt eingetreten, während %[2]s darin ist",
		"%s entered the critical section while %s are inside":                                                     "%[1]s ist in den kritischen Abschnitt eingetreten, während %[2]s darin sind",
		"tells %s that it has requested the critical section (an application message, not part of the algorithm)": "sagt %[1]s, dass er den kritischen Abschnitt angefordert hat (eine Anwendungsnachricht, nicht Teil des Algorithmus)",
		"hears from %s and requests the critical section":                                                         "hört von %[1]s und fordert den kritischen Abschnitt an",
		"ME3: the request of %s happened before the request of %s, yet %s enters first":                           "ME3: Die Anfrage von %[1]s geschah vor der Anfrage von %[2]s, und doch tritt %[3]s zuerst ein",
		"ME3: the requests of %s happened before the request of %s, yet %s enters first":                          "ME3: Die Anfragen von %[1]s geschahen vor der Anfrage von %[2]s, und doch tritt %[3]s zuerst ein",
		"%s entered the critical section with (%s) while %s waits with the older request (%s)":                    "%[1]s ist mit (%[2]s) in den kritischen Abschnitt eingetreten, während %[3]s mit der älteren Anfrage (%[4]s) wartet",
		"the request of %s made at time %s was overtaken %s times, more than n−1 = %s":                            "die Anfrage von %[1]s zur Zeit %[2]s wurde %[3]s-mal überholt, öfter als n−1 = %[4]s",
		"nothing is left to happen, but %s still wait for the critical section (%s requests pending)":             "nichts kann mehr geschehen, aber %[1]s warten noch auf den kritischen Abschnitt (%[2]s Anfragen offen)",
		"%s holds the critical section: queues the request of %s":                                                 "%[1]s hat den kritischen Abschnitt: reiht die Anfrage von %[2]s ein",
		"ignores a RELEASE from %s, which it had not granted":                                                     "ignoriert ein RELEASE von %[1]s, dem er den Eintritt nicht erlaubt hatte",
		"grants the first request in its queue, from %s":                                                          "erlaubt der ersten Anfrage in seiner Warteschlange den Eintritt, der von %[1]s",
		"is the coordinator: grants itself the critical section without messages":                                 "ist der Koordinator: erlaubt sich selbst den Eintritt, ohne Nachrichten",
		"multicasts REQUEST(%s) and waits for %s REPLYs":                                                          "schickt REQUEST(%[1]s) an alle und wartet auf %[2]s REPLYs",
		"HELD: defers its reply to %s":                                                                            "HELD: stellt seine Antwort an %[1]s zurück",
		"WANTED with the smaller (%s) < (%s): defers its reply to %s":                                             "WANTED mit dem kleineren (%[1]s) < (%[2]s): stellt seine Antwort an %[3]s zurück",
		"WANTED, but (%s) < (%s): replies to %s at once":                                                          "WANTED, aber (%[1]s) < (%[2]s): antwortet %[3]s sofort",
		"replies to every deferred request: %s":                                                                   "antwortet auf jede zurückgestellte Anfrage: %[1]s",

		// Lamport's mutual exclusion and the token ring.
		"multicasts REQUEST(%s) and puts it in its own queue":                               "schickt REQUEST(%[1]s) an alle und reiht es in die eigene Warteschlange ein",
		"removes its request from its queue and multicasts RELEASE(%s)":                     "entfernt seine Anfrage aus seiner Warteschlange und schickt RELEASE(%[1]s) an alle",
		"its request (%s) heads its queue and every other process has sent a later message": "seine Anfrage (%[1]s) steht vorn in seiner Warteschlange, und jeder andere Prozess hat eine spätere Nachricht geschickt",
		"removes the request of %s from its queue":                                          "entfernt die Anfrage von %[1]s aus seiner Warteschlange",
		"holds the token":     "hat das Token",
		"waits for the token": "wartet auf das Token",
		"the token has gone round %s times: keeps it, and the ring stops": "das Token ist %[1]s-mal herumgegangen: behält es, und der Ring hält an",
		"has the token and wants the critical section":                    "hat das Token und will in den kritischen Abschnitt",
	},
	Spanish: {
		// The engine.
		"crashed from the start":       "caído desde el inicio",
		"crashed: does not start":      "caído: no arranca",
		"scheduled action skipped: %s": "acción programada omitida: %[1]s",

		// Bully.
		"is the coordinator itself: there is no coordinator failure to notice":                                 "es el propio coordinador: no hay fallo del coordinador que notar",
		"notices that its coordinator %s has failed":                                                           "nota que su coordinador %[1]s ha fallado",
		"notices that it has no coordinator":                                                                   "nota que no tiene coordinador",
		"already holding an election: does not start a second one":                                             "ya celebra una elección: no inicia una segunda",
		"has the highest ID: announces itself at once, whether or not another coordinator exists (it bullies)": "tiene el ID más alto: se anuncia de inmediato, exista o no otro coordinador (se impone)",
		"has the highest ID: skips the election and announces itself":                                          "tiene el ID más alto: omite la elección y se anuncia",
		"every higher process is known to be dead: skips the election and announces itself":                    "se sabe que todos los procesos más altos han caído: omite la elección y se anuncia",
		"holds an election: ELECTION to every higher ID, then waits T for an ANSWER":                           "celebra una elección: ELECTION a cada ID más alto, luego espera T un ANSWER",
		"ignores ELECTION from a higher process":                                                               "ignora ELECTION de un proceso más alto",
		"ANSWER arrives after its election ended: ignores it":                                                  "ANSWER llega cuando su elección ya terminó: lo ignora",
		"ANSWER received: a higher process takes over; waits T′ for COORDINATOR":                               "ANSWER recibido: un proceso más alto toma el relevo; espera T′ un COORDINATOR",
		"its election is over: records %s as coordinator":                                                      "su elección ha terminado: registra a %[1]s como coordinador",
		"records %s as coordinator":                                                                            "registra a %[1]s como coordinador",
		"no ANSWER within T: becomes coordinator and announces it to every lower ID":                           "ningún ANSWER en T: se hace coordinador y lo anuncia a cada ID más bajo",
		"no COORDINATOR within T′: starts the election over":                                                   "ningún COORDINATOR en T′: empieza la elección de nuevo",
		"recovered: forgets what it knew and holds an election at once":                                        "recuperado: olvida lo que sabía y celebra una elección de inmediato",
		"%s declared itself coordinator while %s with a higher ID is alive: two coordinators":                  "%[1]s se declaró coordinador mientras %[2]s, con un ID más alto, está vivo: dos coordinadores",
		"%s declared itself coordinator while %s with higher IDs are alive: two coordinators":                  "%[1]s se declaró coordinador mientras %[2]s, con IDs más altos, están vivos: dos coordinadores",
		"the run has ended but %s; the highest live process is %s":                                             "la ejecución ha terminado pero %[1]s; el proceso vivo más alto es %[2]s",
		"%s believes %s is the coordinator":                                                                    "%[1]s cree que %[2]s es el coordinador",
		"%s knows no coordinator":                                                                              "%[1]s no conoce ningún coordinador",
		"%s (and 1 other live process is wrong too)":                                                           "%[1]s (y otro proceso vivo también se equivoca)",
		"%s (and %s other live processes are wrong too)":                                                       "%[1]s (y otros %[2]s procesos vivos también se equivocan)",

		// Chang–Roberts.
		"already participant: does not start another election":                "ya es participante: no inicia otra elección",
		"ELECTED is back: everyone knows the leader; the election terminates": "ELECTED ha vuelto: todos conocen al líder; la elección termina",
		"forwards a larger ID and is no longer electable":                     "reenvía un ID mayor y deja de ser elegible",
		"discards a smaller ID":                                               "descarta un ID menor",
		"own ID returned, but not electable: ignores it":                      "su propio ID ha vuelto, pero no es elegible: lo ignora",
		"already knows the leader: discards a stale ELECTION":                 "ya conoce al líder: descarta un ELECTION obsoleto",
		"replaces a smaller ID with its own and becomes participant":          "sustituye un ID menor por el suyo y se hace participante",
		"already participant: discards a smaller ID":                          "ya es participante: descarta un ID menor",
		"own ID came back round: elected; announces with ELECTED":             "su propio ID ha dado la vuelta: elegido; lo anuncia con ELECTED",

		// Elections in general.
		"%s takes %s as leader, but the highest ID is %s":                  "%[1]s toma %[2]s como líder, pero el ID más alto es %[3]s",
		"%s (ID %s) considers itself elected, but the highest ID is %s":    "%[1]s (ID %[2]s) se considera elegido, pero el ID más alto es %[3]s",
		"the run has ended but only %s of %s live processes know a leader": "la ejecución ha terminado pero solo %[1]s de %[2]s procesos vivos conocen un líder",
		"the run has ended but live processes know different leaders":      "la ejecución ha terminado pero los procesos vivos conocen líderes distintos",

		// The ring with lists.
		"%s has crashed: skips it":                                           "%[1]s ha caído: lo omite",
		"%s to %s have crashed: skips them":                                  "de %[1]s a %[2]s han caído: los omite",
		"no other process is reachable: it is alone and becomes coordinator": "ningún otro proceso es alcanzable: está solo y se hace coordinador",
		"its own ID is in the list, so the list has gone round: coordinator := %s, the maximum; the list goes round once more as COORDINATOR": "su propio ID está en la lista, así que la lista ha dado la vuelta: coordinador := %[1]s, el máximo; la lista da otra vuelta como COORDINATOR",
		"this COORDINATOR has gone once round the ring: stops it":                                                                             "este COORDINATOR ha dado una vuelta al anillo: lo detiene",
		"coordinator := %s, the maximum of the list: itself":                                                                                  "coordinador := %[1]s, el máximo de la lista: él mismo",
		"coordinator := %s, the maximum of the list":                                                                                          "coordinador := %[1]s, el máximo de la lista",
		"%s takes %s as coordinator, but the maximum of its list is %s":                                                                       "%[1]s toma %[2]s como coordinador, pero el máximo de su lista es %[3]s",
		"%s takes %s as coordinator, but no process has that ID":                                                                              "%[1]s toma %[2]s como coordinador, pero ningún proceso tiene ese ID",
		"%s takes %s as coordinator, the maximum of its list, but %s has crashed since it added its ID":                                       "%[1]s toma %[2]s, el máximo de su lista, como coordinador, pero %[3]s ha caído desde que añadió su ID",
		"%s (ID %s) takes itself as coordinator, but %s with the higher ID %s is live":                                                        "%[1]s (ID %[2]s) se toma por coordinador, pero %[3]s, con el ID mayor %[4]s, está vivo",
		"the run has ended but %s knows %s as coordinator; the highest live ID is %s (%s)":                                                    "la ejecución ha terminado pero %[1]s tiene a %[2]s por coordinador; el ID vivo más alto es %[3]s (%[4]s)",
		"the run has ended but %s knows %s as coordinator (and %s other live processes a wrong one too); the highest live ID is %s (%s)":      "la ejecución ha terminado pero %[1]s tiene a %[2]s por coordinador (y otros %[3]s procesos vivos también uno equivocado); el ID vivo más alto es %[4]s (%[5]s)",

		// Mutual exclusion (algos/mutex.go, mutexcentral.go, ricartagrawala.go).
		"wants the critical section": "quiere la sección crítica",
		"wants the critical section once more: the request waits until the current one is served":                 "quiere la sección crítica otra vez: la petición espera a que se atienda la actual",
		"enters the critical section for %s":                                                                      "entra en la sección crítica durante %[1]s",
		"leaves the critical section":                                                                             "sale de la sección crítica",
		"recovered inside the critical section: leaves it at once":                                                "se recupera dentro de la sección crítica: sale enseguida",
		"%s entered the critical section while %s is inside":                                                      "%[1]s entró en la sección crítica mientras %[2]s está dentro",
		"%s entered the critical section while %s are inside":                                                     "%[1]s entró en la sección crítica mientras %[2]s están dentro",
		"tells %s that it has requested the critical section (an application message, not part of the algorithm)": "avisa a %[1]s de que ha pedido la sección crítica (un mensaje de la aplicación, no del algoritmo)",
		"hears from %s and requests the critical section":                                                         "recibe el aviso de %[1]s y pide la sección crítica",
		"ME3: the request of %s happened before the request of %s, yet %s enters first":                           "ME3: la petición de %[1]s ocurrió antes que la petición de %[2]s, y aun así %[3]s entra primero",
		"ME3: the requests of %s happened before the request of %s, yet %s enters first":                          "ME3: las peticiones de %[1]s ocurrieron antes que la petición de %[2]s, y aun así %[3]s entra primero",
		"%s entered the critical section with (%s) while %s waits with the older request (%s)":                    "%[1]s entró en la sección crítica con (%[2]s) mientras %[3]s espera con la petición más antigua (%[4]s)",
		"the request of %s made at time %s was overtaken %s times, more than n−1 = %s":                            "la petición de %[1]s hecha en el instante %[2]s fue adelantada %[3]s veces, más que n−1 = %[4]s",
		"nothing is left to happen, but %s still wait for the critical section (%s requests pending)":             "ya no queda nada por ocurrir, pero %[1]s siguen esperando la sección crítica (%[2]s peticiones pendientes)",
		"%s holds the critical section: queues the request of %s":                                                 "%[1]s tiene la sección crítica: encola la petición de %[2]s",
		"ignores a RELEASE from %s, which it had not granted":                                                     "ignora un RELEASE de %[1]s, al que no había concedido la entrada",
		"grants the first request in its queue, from %s":                                                          "concede la entrada a la primera petición de su cola, la de %[1]s",
		"is the coordinator: grants itself the critical section without messages":                                 "es el coordinador: se concede la sección crítica sin mensajes",
		"multicasts REQUEST(%s) and waits for %s REPLYs":                                                          "envía REQUEST(%[1]s) a todos y espera %[2]s REPLY",
		"HELD: defers its reply to %s":                                                                            "HELD: aplaza su respuesta a %[1]s",
		"WANTED with the smaller (%s) < (%s): defers its reply to %s":                                             "WANTED con el menor (%[1]s) < (%[2]s): aplaza su respuesta a %[3]s",
		"WANTED, but (%s) < (%s): replies to %s at once":                                                          "WANTED, pero (%[1]s) < (%[2]s): responde a %[3]s enseguida",
		"replies to every deferred request: %s":                                                                   "responde a todas las peticiones aplazadas: %[1]s",

		// Lamport's mutual exclusion and the token ring.
		"multicasts REQUEST(%s) and puts it in its own queue":                               "envía REQUEST(%[1]s) a todos y la pone en su propia cola",
		"removes its request from its queue and multicasts RELEASE(%s)":                     "quita su petición de su cola y envía RELEASE(%[1]s) a todos",
		"its request (%s) heads its queue and every other process has sent a later message": "su petición (%[1]s) encabeza su cola y cada uno de los demás procesos ha enviado un mensaje posterior",
		"removes the request of %s from its queue":                                          "quita la petición de %[1]s de su cola",
		"holds the token":     "tiene el testigo",
		"waits for the token": "espera el testigo",
		"the token has gone round %s times: keeps it, and the ring stops": "el testigo ha dado %[1]s vueltas: se lo queda, y el anillo se detiene",
		"has the token and wants the critical section":                    "tiene el testigo y quiere la sección crítica",
	},
}
