// The texts of the lecture's run links, branches and keyboard, in English,
// German and Spanish: merged into i18n.js's STRINGS (kept apart so that work
// on other parts of the page does not meet in one file).

export const LECTURE_STRINGS = {
	en: {
		"run.changed": "changed by hand",
		"run.changedTitle": "{k} actions of yours: the address bar holds them, a reload gives this run again",
		"run.fromFile": "from a file",
		"run.fromFileNote": "This run came from a file: its {k} actions are too many for a link, so the address bar does not reproduce it. Keep the file.",
	},
	de: {
		"run.changed": "von Hand verändert",
		"run.changedTitle": "{k} Eingriffe von Ihnen: die Adresszeile enthält sie, Neuladen ergibt wieder diesen Lauf",
		"run.fromFile": "aus einer Datei",
		"run.fromFileNote": "Dieser Lauf stammt aus einer Datei: seine {k} Eingriffe sind zu viele für einen Link, die Adresszeile gibt ihn also nicht wieder. Bewahren Sie die Datei auf.",
	},
	es: {
		"run.changed": "modificado a mano",
		"run.changedTitle": "{k} acciones suyas: la barra de direcciones las guarda, al recargar vuelve esta ejecución",
		"run.fromFile": "de un archivo",
		"run.fromFileNote": "Esta ejecución viene de un archivo: sus {k} acciones son demasiadas para un enlace, así que la barra de direcciones no la reproduce. Guarde el archivo.",
	},
};
