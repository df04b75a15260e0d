// The search page, before its first paint (loaded in <head>, not deferred): with scripts on, a
// phone shows the filters folded from the start, so that nothing moves when search.js runs
// (no layout shift). Without scripts every filter shows, as before.
document.documentElement.classList.add("filters-collapsible");
