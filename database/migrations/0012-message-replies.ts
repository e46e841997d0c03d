import { type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * The shop's replies to contact messages, kept under the message as a thread. `seq` numbers the
 * replies of one message: the reply form posts the number it expects to write, so a double click
 * or a resent form meets the unique (message_id, seq) and is recorded and mailed once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("message_replies")
    .addColumn("id", t.serial, (c) => c.primaryKey())
    .addColumn("message_id", "integer", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // Who replied, as they were named then: the account may change or go later.
    .addColumn("sender_id", "text")
    .addColumn("sender_name", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("message_replies_message_seq", ["message_id", "seq"])
    .execute();
  // Customer pages look messages up by address.
  await db.schema.createIndex("contact_messages_email").on("contact_messages").column("email").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_messages_email").execute();
  await db.schema.dropTable("message_replies").execute();
}
