import { useEffect, type RefObject } from 'react';

/**
 * A field of a screen the server rendered (the feed's search, a chat's message box: decision 024)
 * can be typed in before the app takes the page over, for seconds on a slow network. The browser
 * keeps what was typed in the field, but React's state starts empty: the box showed the words
 * while Send stayed disabled and Enter did nothing (or the search never ran) until one more key.
 * On taking the page over, the state adopts what the field holds. After a navigation in the app
 * the field is new and holds the state's value, so this does nothing.
 */
export function useTypedBeforeTakeover(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  setValue: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
    // Once, when the screen is first shown: later the field and the state change together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
