/**
 * The expression language of the engine: condition, filter, key condition, update and projection expressions,
 * and the legacy conditional parameters, with the service's validation messages.
 *
 * <h2>How the request layer calls it, in the service's order</h2>
 * <ol>
 *   <li>{@link com.bigtimedeals.engine.expr.Legacy#checkParameters} (mixing legacy and expression parameters;
 *       for PutItem/DeleteItem the non-expression list is {@code Expected, ConditionalOperator}, for UpdateItem
 *       {@code AttributeUpdates, Expected, ConditionalOperator}), then
 *       {@link com.bigtimedeals.engine.expr.Legacy#checkConditionalOperator} (also when there is no
 *       Expected/Filter: the service refuses a ConditionalOperator on its own).</li>
 *   <li>the {@link com.bigtimedeals.engine.expr.ExpressionContext} constructor; then update, condition, key
 *       condition ({@link com.bigtimedeals.engine.expr.ExpressionContext#keyCondition(String)} gives
 *       {@link com.bigtimedeals.engine.expr.KeyConditions}), filter, projection;</li>
 *   <li>{@link com.bigtimedeals.engine.expr.ExpressionContext#requireAllUsed()} (not inside a transaction's
 *       actions: there a sub-operation with names or values but no expression is accepted);</li>
 *   <li>the table lookup; then {@code KeyConditions.against(schema)},
 *       {@link com.bigtimedeals.engine.expr.KeyConditions#refuseKeyAttributesInFilter} (a Query filter may not
 *       read key attributes) and {@link com.bigtimedeals.engine.expr.KeyConditions#refuseNestedKeyAccess}
 *       with {@code nestedTopLevelNames()} of the condition, update and projection ("Key attributes must be
 *       scalars..."); the item-size limit after the table check.</li>
 * </ol>
 * On a missing item, apply an update with {@link com.bigtimedeals.engine.expr.Update#applyToMissing} (so that
 * {@code REMOVE x.y} succeeds), and write nothing when {@link com.bigtimedeals.engine.expr.Update#removesOnly()}
 * (an empty AttributeUpdates still creates the item). An {@link com.bigtimedeals.engine.expr.ExpressionException}'s
 * message is sent as it is: the service prefixes "1 validation error detected: " only to constraint violations on
 * request members, never to these checks.
 *
 * <h2>How it is built</h2>
 * One {@link com.bigtimedeals.engine.expr.Lexer} splits every expression, and PartiQL statements too, each
 * language's differences a {@link com.bigtimedeals.engine.expr.Lexer.Dialect}. The grammars (condition, update,
 * projection) share {@code TokenParser}'s cursor, paths, operands and function calls and build one
 * {@code Syntax} tree, which PartiQL's WHERE and SET clauses are mapped onto too (ExpressionContext's tree entries,
 * no text between); the checks read one table of functions ({@code ExpressionFunction}: arity, and the kinds
 * of expression each may stand in) and resolve every path through {@code ExpressionContext.path}.
 */
package com.bigtimedeals.engine.expr;
