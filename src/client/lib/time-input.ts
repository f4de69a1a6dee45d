// A time input cannot show 24:00: the midnight that ends the day is typed and shown as 00:00 in an end field
// (an end is never the midnight that starts its day). Every end of a range on the business's clock goes through
// these two: the weekly schedule's rows and the company's closing time.

/** What an end field shows for a stored end (`24:00` as `00:00`). */
export const endToTimeInput = (end: string) => (end === "24:00" ? "00:00" : end);

/** The end an end field's value means (`00:00` as `24:00`). */
export const endFromTimeInput = (value: string) => (value === "00:00" ? "24:00" : value);
