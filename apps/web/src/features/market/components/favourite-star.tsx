import { useTranslation } from 'react-i18next';
import { useSetFavourite } from '../api/set-favourite';
import styles from './favourite-star.module.css';

/** The favourite toggle of a coin (signed-in customers; spec §2 quotation favourites). */
export function FavouriteStar({ coin, isFavourite }: { coin: string; isFavourite: boolean }) {
  const { t } = useTranslation('market');
  const mutation = useSetFavourite();
  const label = isFavourite ? t('favourite.remove', { coin }) : t('favourite.add', { coin });
  return (
    <button
      type="button"
      className={`${styles.star} ${isFavourite ? styles.on : ''}`}
      aria-pressed={isFavourite}
      aria-label={label}
      title={label}
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate({
          coin,
          isFavourite: !isFavourite,
          successText: isFavourite ? t('favourite.removed', { coin }) : t('favourite.added', { coin }),
        })
      }
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
      </svg>
    </button>
  );
}
