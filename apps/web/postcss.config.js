// Spec §9 layout scaling: styles are written in design pixels at the 1460-px base width
// and converted to rem with a 32-px root; src/app/layout-scaling.ts sets the root size.
export default {
  plugins: {
    'postcss-pxtorem': {
      rootValue: 32,
      propList: ['*'],
      minPixelValue: 2,
      selectorBlackList: [/^html$/],
    },
  },
};
