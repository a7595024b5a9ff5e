import { ApiKeyActions, useApiKeyFields, type ApiKeyListProps } from './api-key-fields';
import styles from './apikeys.module.css';

/** The keys on a narrow screen: one block each, the same fields and actions as the table. */
export function ApiKeyCards({ keys, book, ...actions }: ApiKeyListProps) {
  const fields = useApiKeyFields(book);
  return (
    <div className={styles.cards} data-testid="apikey-cards">
      {keys.map((key) => (
        <section key={key.accessKey} className={styles.card}>
          <h3 className={styles.cardTitle}>{key.label}</h3>
          <dl className={styles.cardFields}>
            {[
              fields.accessKey,
              fields.rights,
              fields.ips,
              ...(key.rights.includes('withdraw') ? [fields.withdrawal] : []),
              fields.created,
              fields.lastUsed,
            ].map((field) => (
              <div key={field.name} className={styles.cardField}>
                <dt>{field.label}</dt>
                <dd>{field.render(key)}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.buttons}>
            <ApiKeyActions apiKey={key} {...actions} />
          </div>
        </section>
      ))}
    </div>
  );
}
