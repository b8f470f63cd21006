/**
 * The checkout and portal URLs open in a new tab. The tab is opened at the click (a tab
 * opened after an await is blocked as a pop-up) and sent to the URL once the server answers; where
 * tabs cannot open, the current one goes there instead. Closed again when the server refuses.
 */
export async function openInNewTab(getUrl: () => Promise<string>, loadingTitle: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    try {
      tab.document.title = loadingTitle;
      tab.document.body.textContent = `${loadingTitle}…`;
    } catch {
      // Not our document (some browsers): it only shows blank until the URL loads.
    }
  }
  let url: string;
  try {
    url = await getUrl();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!tab || tab.closed) {
    window.location.assign(url);
    return;
  }
  tab.opener = null;
  tab.location.href = url;
}
