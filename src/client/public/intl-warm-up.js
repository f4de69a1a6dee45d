// Started by index.html's first script (its worker's name is the page's language). A page's first Intl
// formatter costs 40 to over 100 ms while ICU loads its data; that data is shared by the whole page process,
// so paying it here, on the worker's thread, leaves the main thread's formatters under a millisecond each.
const language = self.name || "en";
new Intl.DateTimeFormat(language, { timeZone: "UTC", hour: "numeric" }).format(0);
new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(1.5);
new Intl.PluralRules(language).select(1);
close();
