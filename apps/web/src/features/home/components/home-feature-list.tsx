import { HomeIcon, type HomeIconName } from './home-icon';

/** The class names a section's CSS module gives its feature list; the look stays the section's. */
export interface FeatureListClasses {
  features?: string;
  feature?: string;
  featureIcon?: string;
  featureTitle?: string;
  featureText?: string;
}

/** An icon, a heading and a sentence per feature, as the home sections list them. */
export function HomeFeatureList({
  items,
  classes,
}: {
  items: ReadonlyArray<{ id: string; icon: HomeIconName; title: string; text: string }>;
  classes: FeatureListClasses;
}) {
  return (
    <ul className={classes.features}>
      {items.map((item) => (
        <li key={item.id} className={classes.feature}>
          <span className={classes.featureIcon}>
            <HomeIcon name={item.icon} />
          </span>
          <div>
            <h3 className={classes.featureTitle}>{item.title}</h3>
            <p className={classes.featureText}>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
