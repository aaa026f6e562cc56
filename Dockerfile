# Production image for the API and the projector (docker-compose.yml runs both from it).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/event-store/package.json services/event-store/
COPY services/db/package.json services/db/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
USER node
EXPOSE 5000
CMD ["node", "--import", "tsx", "services/api/src/main.ts"]
