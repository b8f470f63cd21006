let numbers: Intl.NumberFormat | undefined;

/** 5,000 (en-US grouping, as the rest of the site writes counts). */
export const formatCount = (value: number) => (numbers ??= new Intl.NumberFormat('en-US')).format(value);

/** A long text's counter shows from 80 % of its limit on: most questions never see it. */
export const showsCounter = (length: number, max: number) => length >= Math.round(max * 0.8);
