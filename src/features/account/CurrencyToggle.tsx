/**
 * The account screen's debug section (spec 2 §2 "Debug section only in debug mode, with a
 * USD/EUR toggle", §6): shows the plans in the other currency than the one detected. Checkout
 * still follows the customer's own currency on the server (a customer is billed in one).
 */
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { CURRENCIES, type Currency } from '../../domain/billing/currency.ts';

export function CurrencyToggle(props: { value: Currency | null; onChange: (currency: Currency | null) => void }) {
  const onSelection = (keys: Set<Key>) => {
    const [key] = keys;
    props.onChange(CURRENCIES.find((currency) => currency === key) ?? null);
  };
  return (
    <section className="debug-section" aria-labelledby="account-debug-title">
      <h2 id="account-debug-title">Debug</h2>
      <ToggleButtonGroup
        aria-label="Price currency"
        className="cycle-toggle"
        selectionMode="single"
        selectedKeys={props.value ? [props.value] : []}
        onSelectionChange={onSelection}
      >
        {CURRENCIES.map((currency) => (
          <ToggleButton key={currency} id={currency} className="cycle-option">
            {currency.toUpperCase()}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </section>
  );
}
