/** A long text's counter shows from 80 % of its limit on: most questions never see it. */
export const showsCounter = (length: number, max: number) => length >= Math.round(max * 0.8);
