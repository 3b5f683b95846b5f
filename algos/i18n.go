package algos

func translationsOf(a *Algorithm) map[string]map[string]string { return nil }
